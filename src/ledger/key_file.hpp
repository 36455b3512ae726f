// The referee's signing key on disk: one file of mode 0600, in the form `caravan-ref keygen --out`
// writes (YAML: public_key, secret_key), beside the database (DB.key) or where --key-file or
// $CARAVAN_REF_KEY says. The database keeps only public keys.
#pragma once

#include <optional>
#include <string>

#include "ledger/crypto.hpp"

namespace ledger {

// The key pair in `path`, or nullopt when there is no such file. UserError 78 when the file is
// not a key pair, or when its mode lets anyone but its owner read it.
std::optional<KeyPair> read_key_file(const std::string& path);

// Writes a new key file, mode 0600, synced and linked into place whole. False (and nothing
// written) when the file exists already.
bool create_key_file(const std::string& path, const KeyPair& pair);

}  // namespace ledger
