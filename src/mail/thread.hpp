// One thread per game and reader: every mail of a game to one player (or observer) hangs under
// a root Message-ID that is derived, never stored, from the game, the seat (or the observer's
// address) and the referee's domain, and carries the game's one Subject, so mail clients group
// a game's mail for each reader whatever order it arrives in.
#pragma once

#include <string>

#include "mail/compose.hpp"
#include "mail/message.hpp"

namespace mail {

std::string domain_of(const std::string& address);

// The root of seat `seat`'s thread in `game`: "caravan-ref.GAME.seatN@DOMAIN". The invitation
// carries it as its own Message-ID; the seat keeps it when a substitute takes the seat.
std::string seat_thread(const std::string& game, int seat, const std::string& domain);
// An observer's root: the address enters only as a hash, so a Message-ID never shows it.
std::string observer_thread(const std::string& game, const std::string& address,
                            const std::string& domain);

// "[caravan-ref] GAME (KIND): Ann vs Bob": the one Subject of every mail of a game.
std::string game_subject(const std::string& game, const std::string& kind,
                         const std::vector<std::string>& players);

// Puts `mail` in the thread `root`: References start with the root; when `answering` is the
// reader's own message, the mail replies to it (In-Reply-To, its References, then it).
void thread(Outgoing& mail, const std::string& root, const Incoming* answering);

}  // namespace mail
