// Text for people: `--format text` of log, list, games and new, and an event told in words.
//
// Promise: only words and layout; the documents are those of the other formats. It knows no
// game's rules: an event is told from its own keys ("play 10D, on 1"), the seats it names as
// their players ("ann [North]").
#pragma once

#include <functional>
#include <map>
#include <string>

#include "core/clock.hpp"
#include "core/engine.hpp"

namespace referee {

using core::Document;

// A seat's name ("North") -> how a person reads it ("ann [North]"), from [{name, role}].
using SeatLabels = std::map<std::string, std::string>;
SeatLabels seat_labels(const Document& players);
std::string label(const SeatLabels& labels, const std::string& role);

// A player's name ("ann") -> "ann [North]", from the same [{name, role}].
SeatLabels name_labels(const Document& players);

// One event in words: "ann [North]: play 10D, on 1"; a hidden thing as "8 hidden".
std::string event_words(const Document& event, const SeatLabels& labels);
// One move in words, as a person says it: "play 10D, on 1"; a word stays a word ("pass").
std::string move_words(const Document& move);

// A turn of a history or of a view's `last` ({turn, player, forced, moves or action, events}) in
// words, the one sentence that the mails, the page and the pictures give it: "Turn 4, ann
// [North]: play 10D, on 1" (the moves when the reader may see them, else what the events tell,
// "Turn 5, bob [South]: draw 1 hidden"); "Set-up" for the game's set-up. `players` is the
// view's or history's [{name, role}]. `events`: false when the caller lists the events below.
// With the game's `engine`, each move is said as it says it (core::Engine::move_phrase).
std::string turn_words(const Document& turn, const Document& players, bool events = true,
                       const core::Engine* engine = nullptr);

// What a missed deadline does (a game's NMR policy: `default` plays the engine's default move,
// `forfeit` counts the misses in a row that end a player's game), as a sentence to the player
// (`to_the_player`) or about any player: "If you miss a deadline, the referee makes a move for
// you (the game's default move); if you miss 3 in a row, you forfeit the game."
std::string missed_deadline_words(bool by_default, int forfeit, bool to_the_player = false);
// The same from the policy as `clock.nmr` writes it ("wait", "default", "forfeit:3",
// "default,forfeit:3"). An unknown policy is given as it is.
std::string nmr_words(const std::string& policy, bool to_the_player = false);

// A time for people, against `now`: the day and the time in UTC, then how far off it is:
// "Tuesday 18:20 UTC, in 23 hours" within the coming week; with its date further off or past,
// "Monday 12 January 09:00 UTC, in 8 days", "Sunday 4 January 18:20 UTC, 1 day 2 hours ago"; the
// year when it is not now's. Minutes are whole (seconds dropped), and a distance is never
// rounded up ("in 23 hours" until 24 hours are left). `distance: false` leaves out how far off
// it is ("Tuesday 18:20 UTC"), for a picture that may be looked at long after.
std::string when_words(core::Time when, core::Time now, bool distance = true);
// A deadline as the documents write it (ISO 8601, which stays there) for people: when_words
// against the one clock (core::now), then the ISO form in brackets, "Tuesday 18:20 UTC, in 23
// hours (2026-01-06T18:20:00Z)"; `iso: false` leaves the brackets out. Text that is not a time
// is given as it is.
std::string deadline_words(const std::string& deadline, bool iso = true);
// How a finished game's result came about, to follow "Ann wins": "" for the rules, " by
// resignation", " by forfeit", " by agreement" (a draw), " by the game master's ruling".
std::string how_it_ended(const Document& result);
// The line that heads a finished game's page, board or picture: "Finished: a draw by agreement",
// "Finished: Ann wins by forfeit", "Finished: shared by [...]"; `name` writes the winner's name
// as the reader sees it.
std::string finished_line(const Document& result,
                          const std::function<std::string(const std::string&)>& name);

// A duration as JSON and YAML give it (seconds, a number; caravan-ref(1), Durations) in words:
// "1d 12h", "1.5s"; `fallback` when it is not a number.
std::string duration_words(const Document& seconds, const std::string& fallback = "?");

std::string describe_log(const Document& log);
std::string describe_list(const Document& list);
std::string describe_games(const Document& games);
std::string describe_new(const Document& created);

}  // namespace referee
