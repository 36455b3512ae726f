// Signed turn files: a player who registered an Ed25519 key signs the file instead of sending a
// token, so no secret travels by mail.
//
// What is signed: the bytes "caravan-ref turn\n" followed by the canonical JSON (ledger::canonical)
// of the file read as a Document (as the referee reads every turn file: plain numbers become
// numbers, quoted text stays text), without its `signature` key. Layout, comments and key order
// of the file do not matter; every value does.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace ledger {

std::string turn_signing_message(const nlohmann::json& turn_document);

// The turn (a turn file read as a Document) with its `signature`, signed with `secret_key`
// (128 hex digits): for a turn file the program writes itself, which it then writes out once.
// UserError 65 (naming `source`) when it is not a mapping, is signed already, carries a token or
// names no chain head; 64 when the key is not a secret key.
nlohmann::json signed_turn(nlohmann::json turn, const std::string& source,
                           const std::string& secret_key);

// The turn file with `signature: HEX` added, signed with `secret_key` (128 hex digits).
// UserError 65 when the text is not a turn file or is signed already, or carries a token; 64 when
// the key is not a secret key.
std::string sign_turn_file(const std::string& text, const std::string& source,
                           const std::string& secret_key);

}  // namespace ledger
