#include "ledger/turn_signature.hpp"

#include <fmt/format.h>

#include "core/errors.hpp"
#include "ledger/chain.hpp"
#include "ledger/crypto.hpp"
#include "output/writer.hpp"
#include "turnfile/turnfile.hpp"

namespace ledger {

std::string turn_signing_message(const nlohmann::json& turn_document) {
  nlohmann::json content = turn_document;
  if (content.is_object()) content.erase("signature");
  return "caravan-ref turn\n" + canonical(content);
}

nlohmann::json signed_turn(nlohmann::json turn, const std::string& source,
                           const std::string& secret_key) {
  auto refuse = [&](const std::string& why) {
    throw core::UserError(core::Exit::kRejected, fmt::format("{}: {}", source, why));
  };
  if (!turn.is_object()) refuse("a turn file is a mapping of game, player, turn, chain and moves");
  if (turn.contains("signature")) refuse("the file is signed already");
  if (turn.contains("token")) refuse("a signed turn file carries no token: remove it");
  if (!turn.contains("chain"))
    refuse("a signed turn names the chain head it answers: add 'chain:' from your view");
  if (!is_hex(secret_key, 64))
    throw core::UserError(core::Exit::kUsage, "the key file holds no secret key (128 hex digits)");
  turn["signature"] = sign(secret_key, turn_signing_message(turn));
  return turn;
}

std::string sign_turn_file(const std::string& text, const std::string& source,
                           const std::string& secret_key) {
  const nlohmann::json doc = turnfile::yaml_to_document(text, source);
  const nlohmann::json with_signature = signed_turn(doc, source, secret_key);
  const std::string signature = with_signature.at("signature").get<std::string>();
  // Keep the player's own file as it is, with the signature as its last line; a file whose
  // layout does not allow that (one flow mapping) is written out again.
  std::string signed_text = text;
  if (!signed_text.empty() && signed_text.back() != '\n') signed_text += '\n';
  signed_text += "signature: " + signature + "\n";
  bool same = false;
  try {
    same = turnfile::parse(signed_text, source).document.value("signature", "") == signature &&
           turn_signing_message(turnfile::yaml_to_document(signed_text, source)) ==
               turn_signing_message(doc);
  } catch (const core::UserError&) {
    same = false;
  }
  if (same) return signed_text;
  signed_text = output::to_yaml(with_signature);
  turnfile::parse(signed_text, source);  // a bad turn file is named here, with its reason
  return signed_text;
}

}  // namespace ledger
