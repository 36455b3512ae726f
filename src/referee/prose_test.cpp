// Text for people (referee/prose): events in words, players named with their seat, tables.
#include "referee/prose.hpp"

#include <gtest/gtest.h>

namespace referee {
namespace {

const Document kPlayers = Document::parse(R"([{"name": "ann", "seat": 0, "role": "North"},
                                               {"name": "bob", "seat": 1, "role": "South"}])");

TEST(Prose, AnEventReadsAsWordsWithThePlayerNamedAndTheSeatInBrackets) {
  const auto labels = seat_labels(kPlayers);
  EXPECT_EQ(event_words(Document::parse(R"({"on": 1, "play": "10D", "seat": "North"})"), labels),
            "ann [North]: play 10D, on 1");
  EXPECT_EQ(event_words(Document::parse(R"({"drew": {"hidden": 1}, "seat": "South"})"), labels),
            "bob [South]: drew 1 hidden");
  EXPECT_EQ(event_words(Document::parse(R"({"action": {"good": {"from": "b2", "to": "b3"}},
                                            "cost": 1, "good": "salt", "seat": "North"})"),
                        labels),
            "ann [North]: good from b2 to b3, cost 1, good salt");
  // A seat named as a value is a player too; true flags are words, false ones left out.
  EXPECT_EQ(event_words(Document::parse(R"({"game_over": true, "forced": false,
                                            "winner": "South"})"),
                        labels),
            "game over, winner bob [South]");
  // An event that names its kind says it once: "pass", not "event pass".
  EXPECT_EQ(event_words(Document::parse(R"({"event": "pass", "seat": "North"})"), labels),
            "ann [North]: pass");
  // Issue 40: a paused clock's time left reads as a duration, not a count of seconds.
  EXPECT_EQ(event_words(Document::parse(R"({"action": "admin", "op": "pause",
                                            "remaining": 530123})"),
                        labels),
            "admin, op pause, remaining 6d 3h 15m 23s");
}

TEST(Prose, ALogIsTurnsOfSentencesNotAnOutline) {
  const Document log = {
      {"game", "k7m2x9qd"},
      {"kind", "nv-caravan"},
      {"players", kPlayers},
      {"seed_commitment", "abc"},
      {"chain", "def"},
      {"turns", Document::parse(R"([{"turn": 1, "player": "ann", "moves": [{"play": "3D", "on": 1}],
                                     "events": [{"play": "3D", "on": 1, "seat": "North"}]}])")}};
  const std::string text = describe_log(log);
  EXPECT_NE(text.find("Game k7m2x9qd (nv-caravan): 1 turn\n"), std::string::npos) << text;
  EXPECT_NE(text.find("Players: ann [North], bob [South]"), std::string::npos) << text;
  EXPECT_NE(text.find("Turn 1, ann [North]: play 3D, on 1\n  ann [North]: play 3D, on 1\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("Seed: shown when the game is over"), std::string::npos) << text;
}

// Issue 62: what a missed deadline does, in sentences a player reads without the manual.
TEST(Prose, AnNmrPolicyReadsAsPlainSentences) {
  EXPECT_EQ(nmr_words("wait"), "If a player misses a deadline, the game waits for them.");
  EXPECT_EQ(nmr_words("default"),
            "If a player misses a deadline, the referee makes a move for them (the game's "
            "default move).");
  EXPECT_EQ(nmr_words("forfeit:1"), "If a player misses a deadline, they forfeit the game.");
  EXPECT_EQ(nmr_words("default,forfeit:3"),
            "If a player misses a deadline, the referee makes a move for them (the game's "
            "default move); one who misses 3 in a row forfeits the game.");
  EXPECT_EQ(nmr_words("default,forfeit:3", true),
            "If you miss a deadline, the referee makes a move for you (the game's default "
            "move); if you miss 3 in a row, you forfeit the game.");
  EXPECT_EQ(nmr_words("wait,forfeit:2", true),
            "If you miss a deadline, the game waits for you; if you miss 2 in a row, you forfeit "
            "the game.");
  EXPECT_EQ(missed_deadline_words(false, 1, true), "If you miss a deadline, you forfeit the game.");
  EXPECT_EQ(nmr_words("something new"), "something new");  // given as it is
}

// Issue 62: the clock's own turns are told as what happened, not as "nmr, policy default".
TEST(Prose, AMissedDeadlineReadsAsWhatHappened) {
  const auto labels = seat_labels(kPlayers);
  EXPECT_EQ(event_words(Document::parse(R"({"action": "nmr", "policy": "default",
                                            "player": "ann"})"),
                        labels),
            "ann missed the deadline, and the referee made a move for them");
  EXPECT_EQ(event_words(Document::parse(R"({"action": "nmr", "policy": "wait"})"), labels),
            "missed the deadline; the game waits for them");
  EXPECT_EQ(event_words(Document::parse(R"({"action": "forfeit", "misses": 3,
                                            "seat": "South"})"),
                        labels),
            "bob [South] forfeited the game after 3 missed deadlines in a row");
  const Document turn = Document::parse(R"({"turn": 7, "player": "bob", "forced": true,
    "moves": [], "action": {"action": "nmr", "policy": "wait"}, "events": []})");
  EXPECT_EQ(turn_words(turn, kPlayers),
            "Turn 7, bob [South] (played by the referee): missed the deadline; the game waits "
            "for them");
}

// Issue 62: a deadline in words as well as ISO, from the clock tests set; the day's name within
// the coming week, the date beyond it or in the past, the year only when it is not this one.
TEST(Prose, ADeadlineReadsAsADayATimeAndHowFarOff) {
  const core::Time monday = *core::parse_time("2026-01-05T19:40:00Z");  // a Monday
  const auto at = [](const char* iso) { return *core::parse_time(iso); };
  EXPECT_EQ(when_words(at("2026-01-06T18:20:00Z"), monday), "Tuesday 18:20 UTC, in 22 hours");
  EXPECT_EQ(when_words(at("2026-01-06T19:40:59Z"), monday), "Tuesday 19:40 UTC, in 24 hours");
  EXPECT_EQ(when_words(at("2026-01-05T21:10:00Z"), monday),
            "Monday 21:10 UTC, in 1 hour 30 minutes");
  EXPECT_EQ(when_words(at("2026-01-05T19:40:30Z"), monday),
            "Monday 19:40 UTC, in less than a minute");
  EXPECT_EQ(when_words(at("2026-01-06T00:05:00Z"), monday),
            "Tuesday 00:05 UTC, in 4 hours 25 minutes")
      << "past midnight: the next day's name";
  EXPECT_EQ(when_words(at("2026-01-08T22:40:00Z"), monday),
            "Thursday 22:40 UTC, in 3 days 3 hours");
  EXPECT_EQ(when_words(at("2026-01-11T19:39:00Z"), monday), "Sunday 19:39 UTC, in 5 days 23 hours");
  EXPECT_EQ(when_words(at("2026-01-12T09:00:00Z"), monday),
            "Monday 12 January 09:00 UTC, in 6 days 13 hours")
      << "next Monday is not 'Monday': its date says which";
  EXPECT_EQ(when_words(at("2026-01-20T19:40:00Z"), monday),
            "Tuesday 20 January 19:40 UTC, in 15 days");
  EXPECT_EQ(when_words(at("2026-01-05T17:40:00Z"), monday),
            "Monday 5 January 17:40 UTC, 2 hours ago");
  EXPECT_EQ(when_words(at("2026-01-04T17:40:00Z"), monday),
            "Sunday 4 January 17:40 UTC, 26 hours ago");
  EXPECT_EQ(when_words(at("2025-12-31T23:59:00Z"), monday),
            "Wednesday 31 December 2025 23:59 UTC, 4 days 19 hours ago")
      << "another year: it is named";
  EXPECT_EQ(when_words(at("2027-01-05T19:40:00Z"), monday),
            "Tuesday 5 January 2027 19:40 UTC, in 365 days");

  EXPECT_EQ(when_words(at("2026-01-06T18:20:00Z"), monday, false), "Tuesday 18:20 UTC");
  EXPECT_EQ(when_words(at("2026-01-20T19:40:00Z"), monday, false), "Tuesday 20 January 19:40 UTC");

  // From the one clock, with the ISO form the documents keep.
  core::set_now(monday);
  EXPECT_EQ(deadline_words("2026-01-06T18:20:00Z"),
            "Tuesday 18:20 UTC, in 22 hours (2026-01-06T18:20:00Z)");
  EXPECT_EQ(deadline_words("2026-01-06T18:20:00Z", false), "Tuesday 18:20 UTC, in 22 hours");
  core::set_now(at("2026-01-06T18:00:00Z"));
  EXPECT_EQ(deadline_words("2026-01-06T18:20:00Z", false), "Tuesday 18:20 UTC, in 20 minutes");
  core::set_now(std::nullopt);
  EXPECT_EQ(deadline_words("not a time"), "not a time");
}

TEST(Prose, ListIsATableWithAColumnPerField) {
  const Document list = Document::parse(R"([
    {"game": "k7m2x9qd", "kind": "caravaneers", "turn": 4, "finished": false, "to_move": "bob",
     "deadline": null, "players": ["ann", "bob"], "created": "2026-01-01T00:00:00Z"},
    {"game": "p2", "kind": "huber-caravan", "turn": 63, "finished": true, "to_move": null,
     "deadline": null, "players": ["ann", "bob", "cy"], "created": "2026-01-01T00:00:00Z",
     "result": {"by": "rules", "draw": false, "scores": {}, "winner": "cy"}}])");
  EXPECT_EQ(describe_list(list),
            "GAME      KIND           TURN  STATE        DEADLINE  PLAYERS\n"
            "k7m2x9qd  caravaneers    4     bob to move  -         ann, bob\n"
            "p2        huber-caravan  63    cy won       -         ann, bob, cy\n");
  EXPECT_EQ(describe_list(Document::array()), "No games.\n");
}

TEST(Prose, ListSaysWhenATargetStoppedOrNoticesWait) {
  // Issue 63: the game master sees a stopped target in the text table too, not only in JSON.
  const Document list = Document::parse(R"([
    {"game": "g1", "kind": "caravaneers", "turn": 2, "finished": false, "to_move": ["ann"],
     "deadline": null, "players": ["ann", "bob"], "created": "2026-01-01T00:00:00Z",
     "notifications": [{"target": 3, "format": "discord", "waiting": 0, "stopped": "2026-01-02T00:00:00Z",
                        "reason": "HTTP 404: the webhook is gone"},
                       {"target": 4, "format": "json", "waiting": 2}]}])");
  const std::string text = describe_list(list);
  EXPECT_NE(text.find("notices to target 3 stopped (HTTP 404: the webhook is gone)"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("2 notices waiting for target 4"), std::string::npos) << text;
}

TEST(Prose, NewNamesEachPlayerWithSeatAndToken) {
  const Document created = Document::parse(R"({"game": "k7m2x9qd", "kind": "caravaneers",
    "seed_commitment": "abc", "chain": "def", "players": [
      {"name": "ann", "seat": 0, "role": "South", "token": "0b6f"},
      {"name": "bob", "seat": 1, "role": "East", "token": "5e1a", "address": "bob@example.org"}]})");
  const std::string text = describe_new(created);
  EXPECT_NE(text.find("Game k7m2x9qd (caravaneers) has begun."), std::string::npos) << text;
  EXPECT_NE(text.find("  ann [South]: token 0b6f\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  bob [East]: token 5e1a <bob@example.org>\n"), std::string::npos) << text;
}

TEST(Prose, GamesSaysSeatsAndEachOptionWithItsValues) {
  const Document games = Document::parse(R"([{"kind": "caravaneers", "title": "Caravaneers",
    "players": {"min": 2, "max": 2}, "seats": ["South", "East"], "hidden_information": false,
    "options": [{"name": "majority", "type": "boolean", "default": false, "values": [true, false],
                 "help": "end early"}]}])");
  EXPECT_EQ(describe_games(games),
            "caravaneers: Caravaneers\n"
            "  2 players; seats South, East; nothing hidden\n"
            "  --option majority=... (boolean, one of true, false; default false): end early\n\n");
}

// Issue 40: JSON and YAML give durations as seconds; people read them in words.
TEST(Prose, ADurationInSecondsReadsAsWordsAndMillisecondsAsAFraction) {
  EXPECT_EQ(duration_words(Document(259200)), "3d");
  EXPECT_EQ(duration_words(Document(131400)), "1d 12h 30m");
  EXPECT_EQ(duration_words(Document(0)), "0s");
  EXPECT_EQ(duration_words(Document(1.5)), "1.5s");
  EXPECT_EQ(duration_words(Document("1d")), "?") << "not a number: the fallback";
  EXPECT_EQ(duration_words(Document(), "0s"), "0s");
}

}  // namespace
}  // namespace referee
