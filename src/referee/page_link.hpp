// The pages of `caravan-ref serve` and the links to them, which serve, `link` and the mails
// (where a base URL is set) give (caravan-ref(1), serve and link).
//
// A player's page is a capability: whoever holds its link plays that seat, so the link is worth
// what the seat's token is worth. It is not stored anywhere: it is a BLAKE2b code, keyed with a
// key derived from the referee's secret key (ledger::turn_pass_key, so the database alone makes
// none), of the game, the player and the seat's credential (its token hash, or its public key for
// a seat that signs). Printing it twice gives the same link; `admin replace` gives the seat a new
// credential, and every link to it made before stops working.
#pragma once

#include <optional>
#include <string>

#include "store/game_store.hpp"
#include "store/sqlite.hpp"

namespace referee {

// 32 hex digits, like a token; empty for a seat the referee's bot holds (no person plays it).
std::string seat_capability(const std::string& key, const std::string& game,
                            const store::PlayerRow& seat);
// The key of every capability of this database (from the referee's key file).
std::string capability_key(store::Database& db);
// The seat whose capability `capability` is, compared in constant time; nullopt for none.
std::optional<store::PlayerRow> seat_of_capability(const std::string& key,
                                                   const store::GameRow& game,
                                                   const std::string& capability);
// The seat whose token `token` is (a Bearer token of the API); nullopt for none.
std::optional<store::PlayerRow> seat_of_token(const store::GameRow& game, const std::string& token);
// The per-page code a form carries (against cross-site posts): tied to the capability.
std::string form_code(const std::string& key, const std::string& capability);

// A base URL as given (http or https, a host, an optional path), without its trailing slash;
// UserError 64 otherwise.
std::string checked_base_url(const std::string& base);
// The base URL the game master gave for the pages' links in mail ($CARAVAN_REF_BASE_URL, the
// one serve and link read), checked; nullopt when it is not set, or not a base URL (said once on
// standard error: a letter is never held back for it).
std::optional<std::string> mail_base_url();
// The page a reader of `game`'s mail is given under mail_base_url(): a seat's own (its
// capability; none for a bot's seat), or the observers' page when `seat` is null. Empty without a
// base URL.
std::string page_url_for(store::Database& db, const store::GameRow& game,
                         const store::PlayerRow* seat);
// BASE/play/GAME/CAPABILITY and BASE/watch/GAME, each part escaped.
std::string player_url(const std::string& base, const std::string& game,
                       const std::string& capability);
std::string observer_url(const std::string& base, const std::string& game);

}  // namespace referee
