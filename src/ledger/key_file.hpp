// The referee's signing key on disk: one file of mode 0600, in the form `caravan-ref keygen --out`
// writes, beside the database (DB.key) or where --key-file or $CARAVAN_REF_KEY says. The database
// keeps only public keys.
//
// The form is a JSON object (public_key, secret_key, a note), which is YAML too. Every command that
// signs reads the file, so it is read as JSON: yaml-cpp took 0.68M of the 4.41M instructions of a
// turn to read the earlier YAML form (docs/PERFORMANCE.md). A key file that is not JSON (one
// written by an earlier version, or by hand) is read as YAML, as before.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "ledger/crypto.hpp"

namespace ledger {

// The key pair in `path`, or nullopt when there is no such file. UserError 78 when the file is
// not a key pair, or when its mode lets anyone but its owner read it.
std::optional<KeyPair> read_key_file(const std::string& path);

// The text of a key file holding `pair`, with `note` (what the key is) beside it.
std::string key_file_text(const KeyPair& pair, std::string_view note);

// Writes a new key file, mode 0600, synced and linked into place whole. False (and nothing
// written) when the file exists already.
bool create_key_file(const std::string& path, const KeyPair& pair);

}  // namespace ledger
