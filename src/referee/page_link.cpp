#include "referee/page_link.hpp"

#include <cstdlib>
#include <iostream>
#include <mutex>

#include <fmt/format.h>
#include <glib.h>

#include "core/crypto.hpp"
#include "core/errors.hpp"
#include "ledger/receipt.hpp"

namespace referee {

namespace {

std::string path_part(const std::string& text) {
  char* escaped = g_uri_escape_string(text.c_str(), nullptr, FALSE);
  std::string out = escaped;
  g_free(escaped);
  return out;
}

}  // namespace

std::string capability_key(store::Database& db) {
  return core::hash_hex({"caravan-ref page link key\n", ledger::turn_pass_key(db)});
}

std::string seat_capability(const std::string& key, const std::string& game,
                            const store::PlayerRow& seat) {
  const std::string& credential = seat.public_key.empty() ? seat.token_hash : seat.public_key;
  if (!seat.bot.empty() || credential.empty()) return "";
  return core::keyed_hash_hex(key,
                              {"caravan-ref page link\n", game, "\n", seat.name, "\n", credential})
      .substr(0, 32);
}

std::optional<store::PlayerRow> seat_of_capability(const std::string& key,
                                                   const store::GameRow& game,
                                                   const std::string& capability) {
  std::optional<store::PlayerRow> found;
  for (const auto& seat : game.players) {
    const std::string mine = seat_capability(key, game.id, seat);
    if (!mine.empty() && mine.size() == capability.size() && core::same_digest(mine, capability))
      found = seat;
  }
  return found;
}

std::optional<store::PlayerRow> seat_of_token(const store::GameRow& game,
                                              const std::string& token) {
  if (token.empty()) return std::nullopt;
  const std::string hash = core::hash_hex(token);
  std::optional<store::PlayerRow> found;
  for (const auto& seat : game.players)
    if (!seat.token_hash.empty() && seat.token_hash.size() == hash.size() &&
        core::same_digest(seat.token_hash, hash))
      found = seat;
  return found;
}

std::string form_code(const std::string& key, const std::string& capability) {
  return core::keyed_hash_hex(key, {"caravan-ref page form\n", capability}).substr(0, 32);
}

std::string checked_base_url(const std::string& base) {
  std::string url = base;
  while (!url.empty() && url.back() == '/') url.pop_back();
  const bool scheme = url.starts_with("http://") || url.starts_with("https://");
  const std::size_t host = url.find("//") + 2;
  const bool clean = url.find_first_of(" \t\r\n\"'<>?#") == std::string::npos;
  if (!scheme || url.size() <= host || url[host] == '/' || !clean)
    throw core::UserError(
        core::Exit::kUsage,
        fmt::format("base URL '{}': give http:// or https://, a host and at most a path "
                    "(https://games.example.org/caravan)",
                    base));
  return url;
}

std::optional<std::string> mail_base_url() {
  const char* env = std::getenv("CARAVAN_REF_BASE_URL");
  if (!env || !*env) return std::nullopt;
  try {
    return checked_base_url(env);
  } catch (const core::UserError& error) {
    static std::once_flag said;
    std::call_once(said, [&] {
      std::cerr << "caravan-ref: warning: CARAVAN_REF_BASE_URL: " << error.what()
                << "; the mails carry no page links\n";
    });
    return std::nullopt;
  }
}

std::string page_url_for(store::Database& db, const store::GameRow& game,
                         const store::PlayerRow* seat) {
  const auto base = mail_base_url();
  if (!base) return {};
  if (!seat) return observer_url(*base, game.id);
  const std::string capability = seat_capability(capability_key(db), game.id, *seat);
  return capability.empty() ? std::string() : player_url(*base, game.id, capability);
}

std::string player_url(const std::string& base, const std::string& game,
                       const std::string& capability) {
  return fmt::format("{}/play/{}/{}", base, path_part(game), capability);
}

std::string observer_url(const std::string& base, const std::string& game) {
  return fmt::format("{}/watch/{}", base, path_part(game));
}

}  // namespace referee
