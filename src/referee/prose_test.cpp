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

TEST(Prose, AnNmrPolicyReadsAsWords) {
  EXPECT_EQ(nmr_words("wait"), "the game waits");
  EXPECT_EQ(nmr_words("default"), "the referee plays the default move");
  EXPECT_EQ(nmr_words("forfeit:1"), "the player forfeits the game");
  EXPECT_EQ(nmr_words("default,forfeit:3"),
            "the referee plays the default move; 3 deadlines missed in a row forfeit the game");
  EXPECT_EQ(nmr_words("something new"), "something new");  // given as it is
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
