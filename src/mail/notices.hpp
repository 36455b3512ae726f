// Mail the referee sends on its own, outside an answer to a player's message: the invitations
// of a new game, and what the clock's round (tick) did. Each mail goes to one reader in their
// thread of the game (thread.hpp).
//
// Promise: the invitation is the root of each reader's thread and the only mail that carries a
// player's token (none for a player who signs). A tick mails a reminder to the seat it reminds,
// and every reader of a game when the clock changed the game (a default move, a wait, a
// forfeit); a game the clock ended sends every reader its final view with the record attached.
#pragma once

#include <vector>

#include <nlohmann/json.hpp>

#include "mail/compose.hpp"
#include "referee/in_hand.hpp"
#include "referee/referee.hpp"

namespace mail {

// Each takes the games the command holds in hand (`referee::tick(games)`, `referee::admin(games,
// ...)`): its mails are made from the games as the command left them, each loaded once at most.

// `created` is what referee::create_game printed (game, players with name, token or key and
// address).
std::vector<Outgoing> invitations(referee::GamesInHand& games, const nlohmann::json& created,
                                  const Mailbox& from);

// A tournament round just made (referee::advance_tournaments' {tournament, round, games, byes}):
// each entrant with the bye and an address is told so.
std::vector<Outgoing> bye_mails(referee::GamesInHand& games, const nlohmann::json& round);

// A finished tournament's standings (referee::tournament_text), one mail to each entrant with an
// address.
std::vector<Outgoing> final_standings(referee::GamesInHand& games, const std::string& tournament);

// `report` is what referee::tick printed ({now, actions, tournaments}): the clock's news, the
// invitations to the games of each tournament round it made, the standings of each it ended.
std::vector<Outgoing> tick_mails(referee::GamesInHand& games, const nlohmann::json& report,
                                 const Mailbox& from);

// Every reader of `game` hears of an admin operation (observe changes nobody's game), named for
// what it did (an extension, a pause, ...), with its reason.
std::vector<Outgoing> admin_mails(referee::GamesInHand& games, const nlohmann::json& printed,
                                  const referee::AdminRequest& request, const Mailbox& from);

// The game master (the referee's own address, `from`) hears of each notification target that
// stopped for good (notify::untold_stops: [{game, target, format, stopped, reason}]), one mail
// each.
std::vector<Outgoing> stopped_target_mails(const nlohmann::json& stops, const Mailbox& from);

}  // namespace mail
