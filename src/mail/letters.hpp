// The referee's letters about a game, shared by its answers to players' mail (replies.cpp,
// commands.cpp) and the mail it sends on its own (notices.cpp). Internal to the mail module.
//
// Promise: a letter goes to one reader of the game, in that reader's thread, under the game's
// Subject. A player's letter shows what that player may know, an observer's what every player
// sees (referee::observer_view). No letter carries a token: only the invitation does. A letter
// that shows a position is text and HTML (the picture in place, by cid:); the HTML of the player
// to move has their legal moves as one-tap links, each carrying that player's turn pass
// (ledger::turn_pass), which no other reader's letter holds.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "mail/compose.hpp"
#include "mail/message.hpp"
#include "referee/in_hand.hpp"
#include "store/game_store.hpp"
#include "store/sqlite.hpp"

namespace mail {

extern const char* const kSignature;
// Where a player stands in a turn template when the token must not be shown.
extern const char* const kTokenPlaceholder;

std::string greeting(const Mailbox& to);
std::string file_safe(std::string name);
// A turn file to fill in: with `token: YOUR-TOKEN`, or for a player who signs, `chain:` and a
// note to sign it.
std::string turn_template(const std::string& game, const std::string& player, std::int64_t turn,
                          bool signs, const std::string& move);

// Someone a game's mail goes to: a seated player or an observer.
struct Reader {
  Mailbox to;
  std::optional<store::PlayerRow> player;  // nullopt: an observer
  std::string root;                        // the root Message-ID of this reader's thread
  std::string referee{};                   // the referee's address, where a one-tap move is mailed
};

// `referee` is the referee's address (the threads' roots are of its domain).
// Every player with an address, in seat order, then every observer.
std::vector<Reader> readers(store::Database& db, const store::GameRow& game,
                            const std::string& referee);
Reader player_reader(const store::GameRow& game, const store::PlayerRow& player, const Mailbox& to,
                     const std::string& referee);
// The observer of `game` at `address`, if there is one.
std::optional<Reader> observer_reader(store::Database& db, const store::GameRow& game,
                                      const std::string& address, const std::string& referee);

std::vector<std::string> player_names(const store::GameRow& game);
// A reply to `in` outside any game's thread (the sender is no reader of a game, or no game is
// named): threaded under their message.
Outgoing direct_reply(const Incoming& in, const std::string& subject);
// How to play by mail, with the sender's games when the address holds seats; `asked`: they sent
// "help" (otherwise their message held neither a turn nor a command).
Outgoing help_letter(store::Database& db, const Incoming& in, bool asked);
// A mail in the reader's thread of `game`, replying to `answering` when given.
Outgoing game_mail(const store::GameRow& game, const Reader& reader, const Incoming* answering);

// The reader's view of the game now: `news` first (once the game is over, after a line saying
// how it ended), the view drawn and attached as YAML, a turn to fill in and the legal moves when
// it is the reader's move (in the HTML part, links that play them, said in words), its deadline
// in words, and once the game is over, its record (as `export` writes it) attached; `coda`
// (a receipt and its key) last, before the signature. All of it is made from the game in hand,
// which the letters of one command share (each reader's view is made once).
Outgoing view_letter(referee::GamesInHand& games, const store::GameRow& game, const Reader& reader,
                     const std::string& news, const Incoming* answering = nullptr,
                     const std::string& coda = {});
Outgoing view_letter(store::Database& db, const store::GameRow& game, const Reader& reader,
                     const std::string& news, const Incoming* answering = nullptr,
                     const std::string& coda = {});

}  // namespace mail
