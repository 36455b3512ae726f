// Games anyone can audit (issue 5): committed seeds, the hash chain, records that verify offline,
// signed receipts and signed turns. Played through the referee API over every engine.
#include <gtest/gtest.h>
#include <sodium.h>

#include "core/crypto.hpp"
#include "core/errors.hpp"
#include "ledger/chain.hpp"
#include "ledger/crypto.hpp"
#include "ledger/game_ledger.hpp"
#include "ledger/receipt.hpp"
#include "ledger/record.hpp"
#include "ledger/turn_signature.hpp"
#include "output/writer.hpp"
#include "referee/game_context.hpp"
#include "referee/referee.hpp"
#include "referee/verify.hpp"
#include "store/game_store.hpp"
#include "temp_db.hpp"
#include "turn_file.hpp"
#include "turnfile/turnfile.hpp"

namespace {

using core::Document;

std::string engine_test_name(const ::testing::TestParamInfo<const core::Engine*>& info) {
  std::string name = info.param->id();
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

// A turn file; moves are written as JSON, which YAML reads as the same values.
std::string turn_text(const std::string& game, const std::string& player, std::int64_t turn,
                      const Document& moves, const std::string& token,
                      const std::string& chain = "") {
  return TurnFile(game, player, turn).token(token).chain(chain).moves(moves);
}

class LedgerTest : public TempDb {
 protected:
  void SetUp() override {
    TempDb::SetUp();
    // many small transactions; durability is not tested
    db().exec(on_postgresql() ? "SET synchronous_commit = off" : "PRAGMA synchronous = OFF");
  }

  struct Game {
    std::string id;
    std::vector<std::string> names;
    std::map<std::string, std::string> tokens;
  };

  Game create(const std::string& kind, int players, std::optional<std::uint64_t> seed,
              std::map<std::string, std::string> keys = {}) {
    referee::NewGame request;
    request.kind = kind;
    for (int i = 0; i < players; ++i) request.players.push_back("p" + std::to_string(i + 1));
    request.seed = seed;
    request.keys = std::move(keys);
    const Document created = referee::create_game(db(), request);
    Game game{created["game"], request.players, {}};
    for (const auto& player : created["players"])
      if (player.contains("token")) game.tokens[player["name"]] = player["token"];
    everything_seen.push_back(created.dump());
    return game;
  }

  // Every document a player (or the --out files) could see now.
  void look(const Game& game) {
    for (const auto& name : game.names) {
      everything_seen.push_back(referee::view(db(), game.id, name).dump());
      everything_seen.push_back(referee::history(db(), game.id, name).dump());
      everything_seen.push_back(
          referee::legal_moves(db(), game.id, name, nullptr, 64).moves.dump());
    }
  }

  // Plays random legal moves until the game ends; every answer and view is kept.
  void play_to_end(const Game& game, std::uint64_t seed, bool watch) {
    core::Rng rng(seed);
    for (int step = 0; step < 5000; ++step) {
      const Document view = referee::view(db(), game.id, std::nullopt);
      if (view["finished"].get<bool>()) return;
      const std::string who = view["to_move"][0];
      // A page of the moves keeps games with huge move lists fast; any legal move will do.
      const Document moves = referee::legal_moves(db(), game.id, who, nullptr, 64).moves;
      ASSERT_FALSE(moves.empty()) << "no legal move for " << who;
      const Document move = moves[static_cast<std::size_t>(rng.below(moves.size()))];
      const auto outcome = referee::submit(
          db(), turn_text(game.id, who, view["turn"], Document::array({move}), game.tokens.at(who)),
          "t.yaml");
      ASSERT_EQ(outcome.exit_code, 0) << outcome.answer.dump();
      if (!watch || outcome.answer["finished"].get<bool>()) continue;  // over: the seed shows
      everything_seen.push_back(outcome.answer.dump());
      for (const auto& [file, doc] : outcome.views) everything_seen.push_back(doc.dump());
      look(game);
    }
    FAIL() << "the game did not end in 5000 turns";
  }

  store::GameRow row(const Game& game) { return *store::GameStore(db()).find_game(game.id); }

  std::vector<std::string> everything_seen;
};

// --- formats a player checks by hand ------------------------------------------------------

// Issue 44's one-tap links carry a turn pass, not the token the store keeps only a hash of. The
// pass is keyed with the referee's secret (the key file), so the database alone, which holds the
// token hashes, makes no pass; and it is good for its seat's one turn.
TEST(TurnPass, IsGoodForItsTurnOnlyAndNeedsTheRefereesKey) {
  store::PlayerRow seat;
  seat.name = "ann";
  seat.token_hash = core::hash_hex("ann's token");
  const std::string key = core::hash_hex("one referee's key");
  const std::string pass = ledger::turn_pass(key, seat, "g1", 3);
  ASSERT_EQ(pass.size(), 32u);
  turnfile::TurnRequest request;
  request.game = "g1";
  request.player = "ann";
  request.turn = 3;
  request.token = pass;
  EXPECT_NO_THROW(ledger::authenticate(request, seat, "g1", key));
  EXPECT_THROW(ledger::authenticate(request, seat, "g1", core::hash_hex("another key")),
               core::UserError);
  // The same code made from the database's contents alone, without the key, is refused.
  request.token = core::hash_hex({"caravan-ref turn pass\n", seat.token_hash, "\n", "g1", "\n",
                                  "ann", "\n", "3"})
                      .substr(0, 32);
  EXPECT_THROW(ledger::authenticate(request, seat, "g1", key), core::UserError);
  request.token = pass;
  request.turn = 4;
  EXPECT_THROW(ledger::authenticate(request, seat, "g1", key), core::UserError);
  store::PlayerRow bob = seat;
  bob.name = "bob";
  EXPECT_NE(ledger::turn_pass(key, bob, "g1", 3), pass);
}

TEST(TurnPass, KeysDifferFromOneRefereeToAnother) {
  store::Database one(":memory:"), two(":memory:");
  EXPECT_EQ(ledger::turn_pass_key(one), ledger::turn_pass_key(one));
  EXPECT_NE(ledger::turn_pass_key(one), ledger::turn_pass_key(two));
}

TEST(LedgerFormats, Sha256IsTheStandardOne) {
  // FIPS 180-2 test vector: what `printf abc | sha256sum` prints.
  EXPECT_EQ(ledger::sha256_hex("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(LedgerFormats, Sha256GivesTheStandardVectorsForEmptyAndLongInputs) {
  // FIPS 180-2: the empty message, the two-block message and a million 'a's.
  EXPECT_EQ(ledger::sha256_hex(""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(ledger::sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(ledger::sha256_hex(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(LedgerFormats, Sha256InPartsAgreesWithOneShotAtEveryLengthAroundABlock) {
  // The chain's hash is written in parts (libsodium's multi-part state) and in one piece by
  // crypto_hash_sha256: every record made before must still verify, so the two must agree on
  // every input, here each length from 0 to 300 bytes (every padding case of a 64-byte block)
  // and some long ones, of bytes of every value, cut in three.
  ASSERT_GE(sodium_init(), 0);
  std::string text;
  auto check = [&] {
    unsigned char digest[crypto_hash_sha256_BYTES];
    crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(text.data()), text.size());
    EXPECT_EQ(ledger::sha256_hex(text), core::to_hex(digest, sizeof digest))
        << text.size() << " bytes";
    const std::string_view view(text);
    const std::size_t cut = text.size() / 3;
    EXPECT_EQ(
        ledger::sha256_hex({view.substr(0, cut), view.substr(cut, cut), view.substr(2 * cut)}),
        core::to_hex(digest, sizeof digest))
        << text.size() << " bytes in parts";
  };
  for (std::size_t n = 0; n <= 300; ++n) {
    check();
    text.push_back(static_cast<char>((n * 151 + 7) % 256));
  }
  for (std::size_t n : {4095, 4096, 65537}) {
    text.assign(n, '\0');
    for (std::size_t i = 0; i < n; ++i) text[i] = static_cast<char>((i * 31 + n) % 256);
    check();
  }
}

TEST(LedgerFormats, TheCommitmentIsSha256OfSaltColonSeed) {
  const std::string salt(64, 'a');
  EXPECT_EQ(ledger::seed_commitment(7, salt), ledger::sha256_hex(salt + ":7"));
  EXPECT_TRUE(ledger::seed_matches("7", salt, ledger::seed_commitment(7, salt)));
  EXPECT_FALSE(ledger::seed_matches("8", salt, ledger::seed_commitment(7, salt)));
  EXPECT_FALSE(ledger::seed_matches("7x", salt, ledger::seed_commitment(7, salt)));
}

// The state hash is BLAKE2b-256 of the state's text, the generator and (once it holds anything)
// the table's state, on lines; written in parts, it is the hash of the joined text. The values
// are Python's hashlib.blake2b(..., digest_size=32) of the same bytes.
TEST(LedgerFormats, TheStateHashIsBlake2bOfStateGeneratorAndTableOnLines) {
  EXPECT_EQ(core::hash_hex("abc"),
            "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319");
  EXPECT_EQ(core::hash_hex({"a", "", "bc"}), core::hash_hex("abc"));
  EXPECT_EQ(referee::state_hash_of_text(R"({"x":1})", "rng"),
            "ead901d3f35eb3963fb76df6d518eef9f93d86acb7c9a5eefd5ad56f7ebb6a61");
  EXPECT_EQ(referee::state_hash_of_text(R"({"x":1})", "rng", nullptr),
            referee::state_hash_of_text(R"({"x":1})", "rng"));
  EXPECT_EQ(referee::state_hash_of_text(R"({"x":1})", "rng", {{"retired", {1}}}),
            "5851dd93d07cdf7f3b1f0879e76f4a6adda82cd8f14349514ffa1926e96ef4c7");
}

TEST(LedgerFormats, AChainLinkIsSha256OfPreviousTurnAndStateHashOnLines) {
  const Document turn = ledger::canonical_turn("ab12", 1, "ann", 0, false, {"b1"});
  EXPECT_EQ(ledger::canonical(turn),
            R"({"forced":false,"game":"ab12","moves":["b1"],"number":1,"player":"ann","seat":0})");
  EXPECT_EQ(ledger::chain_link("p", turn, "s"), ledger::sha256_hex("p\n" + turn.dump() + "\ns"));
}

TEST(LedgerFormats, TheCanonicalTurnTextIsTheCanonicalFormOfTheTurnDocument) {
  const Document action = {{"action", "admin"}, {"op", "rollback"}, {"to", 3}};
  const Document moves = {"b1", {{"play", "3H"}, {"on", 2}}, "caf\xc3\xa9 \"x\"\n"};
  for (const auto& [player, seat] : std::vector<std::pair<std::string, int>>{
           {"ann", 0}, {"referee", -1}, {"Zo\xc3\xab \"Z\"", 3}})
    for (const Document& act : {Document(nullptr), action})
      for (const bool forced : {false, true}) {
        const Document turn =
            ledger::canonical_turn("ab\\12", 9007199254740993, player, seat, forced, moves, act);
        const std::string text = ledger::canonical_turn_text("ab\\12", 9007199254740993, player,
                                                             seat, forced, moves, act);
        EXPECT_EQ(text, ledger::canonical(turn));
        EXPECT_EQ(ledger::chain_link_of_text("p", text, "s"), ledger::chain_link("p", turn, "s"));
      }
}

TEST(LedgerFormats, SignaturesHoldOnlyForTheSignedBytesAndKey) {
  const auto pair = ledger::new_key_pair();
  const auto other = ledger::new_key_pair();
  EXPECT_EQ(ledger::public_key_of(pair.secret_key), pair.public_key);
  const std::string signature = ledger::sign(pair.secret_key, "hello");
  EXPECT_EQ(signature.size(), 128u);
  EXPECT_TRUE(ledger::verify(pair.public_key, "hello", signature));
  EXPECT_FALSE(ledger::verify(pair.public_key, "hellp", signature));
  EXPECT_FALSE(ledger::verify(other.public_key, "hello", signature));
  EXPECT_FALSE(ledger::verify(pair.public_key, "hello", "zz"));
}

// --- over every engine -------------------------------------------------------------------

class LedgerEngineTest : public LedgerTest,
                         public ::testing::WithParamInterface<const core::Engine*> {};

TEST_P(LedgerEngineTest, TheSeedIsHiddenFromPlayersUntilTheEndAndShownAfter) {
  const core::Engine& engine = *GetParam();
  const Game game = create(engine.id(), engine.min_players(), std::nullopt);
  const store::GameRow start = row(game);
  const std::string seed = std::to_string(start.seed);
  look(game);
  EXPECT_EQ(referee::view(db(), game.id, game.names[0])["seed_commitment"],
            ledger::seed_commitment(start.seed, start.seed_salt));
  EXPECT_FALSE(ledger::export_record(db(), game.id, false).contains("seed"));
  play_to_end(game, 11, true);
  for (const auto& text : everything_seen) {
    ASSERT_EQ(text.find(seed), std::string::npos) << "the seed shows in " << text.substr(0, 300);
    ASSERT_EQ(text.find(start.seed_salt), std::string::npos) << "the salt shows";
  }
  for (const auto& name : game.names) {
    const Document view = referee::view(db(), game.id, name);
    EXPECT_EQ(view["seed"], seed);
    EXPECT_EQ(view["seed_salt"], start.seed_salt);
    EXPECT_EQ(view["seed_commitment"], start.seed_commitment);
    EXPECT_EQ(referee::history(db(), game.id, name)["seed"], seed);
  }
}

TEST_P(LedgerEngineTest, AnUntouchedRecordVerifiesAndEveryChangeIsNamed) {
  const core::Engine& engine = *GetParam();
  const Game game = create(engine.id(), engine.min_players(), 5);
  play_to_end(game, 3, false);
  // As a file: written as YAML and read back.
  const Document record = turnfile::yaml_to_document(
      output::to_yaml(ledger::export_record(db(), game.id, false)), "record.yaml");
  const Document good = referee::verify_record(record);
  ASSERT_EQ(good["ok"], true) << good.dump();
  EXPECT_EQ(good["replayed"], true);
  EXPECT_EQ(good["chain_head"], row(game).chain_head);
  // As exported (a JSON record keeps numbers as they were made), it verifies too.
  EXPECT_EQ(referee::verify_record(ledger::export_record(db(), game.id, false))["ok"], true);
  const std::size_t turns = record["turns"].size();
  ASSERT_GE(turns, 2u);
  EXPECT_EQ(good["turns"], turns);

  // The first turn a player chose (not forced), and its last.
  std::size_t chosen = 0;
  while (chosen < turns && record["turns"][chosen]["forced"].get<bool>()) ++chosen;
  ASSERT_LT(chosen, turns);
  const std::size_t last = turns - 1;

  struct Change {
    const char* what;
    std::function<void(Document&)> change;
    const char* field;
    std::optional<std::size_t> turn;  // index in turns, when the failure is in a turn
  };
  const std::vector<Change> changes = {
      {"a move", [&](Document& r) { r["turns"][chosen]["moves"][0] = "no-such-move"; }, "moves",
       chosen},
      {"two turns swapped", [&](Document& r) { std::swap(r["turns"][0], r["turns"][1]); }, "number",
       std::nullopt},
      {"a turn dropped", [&](Document& r) { r["turns"].erase(static_cast<std::size_t>(0)); },
       "number", std::nullopt},
      {"the seed",
       [&](Document& r) {
         r["seed"] = std::to_string(std::stoull(r["seed"].get<std::string>()) + 1);
       },
       "seed", std::nullopt},
      {"the salt", [&](Document& r) { r["seed_salt"] = std::string(64, '0'); }, "seed",
       std::nullopt},
      {"the result", [&](Document& r) { r["result"]["draw"] = !r["result"]["draw"].get<bool>(); },
       "result", std::nullopt},
      {"a chain value", [&](Document& r) { r["turns"][last]["chain"] = std::string(64, 'f'); },
       "chain", last},
      {"a state hash",
       [&](Document& r) { r["turns"][chosen]["state_hash"] = std::string(64, 'e'); }, "state_hash",
       chosen},
      {"who moved", [&](Document& r) { r["turns"][chosen]["player"] = "mallory"; }, "player",
       chosen},
      {"forced", [&](Document& r) { r["turns"][chosen]["forced"] = true; }, "forced", chosen},
      {"an option", [&](Document& r) { r["options"]["extra"] = "1"; }, "genesis", std::nullopt},
      {"a seat", [&](Document& r) { r["seats"][0]["name"] = "mallory"; }, "genesis", std::nullopt},
      {"the commitment", [&](Document& r) { r["seed_commitment"] = std::string(64, 'a'); },
       "genesis", std::nullopt},
      {"the chain head", [&](Document& r) { r["chain_head"] = std::string(64, 'b'); }, "chain_head",
       std::nullopt},
      {"the end cut off",
       [&](Document& r) {
         r["turns"].erase(last);
         r["chain_head"] = r["turns"][last - 1]["chain"];
       },
       "finished", std::nullopt},
  };
  for (const auto& c : changes) {
    Document changed = record;
    c.change(changed);
    const Document report = referee::verify_record(changed);
    EXPECT_EQ(report["ok"], false) << c.what;
    if (!report.contains("error")) continue;
    EXPECT_EQ(report["error"]["field"], c.field) << c.what << ": " << report.dump();
    if (c.turn) {
      EXPECT_EQ(report["error"]["turn"], record["turns"][*c.turn]["number"])
          << c.what << ": " << report.dump();
    }
  }
  // A refused move is placed by its turn and its place in the turn; a seat by its place among
  // the seats.
  Document changed = record;
  changed["turns"][chosen]["moves"][0] = "no-such-move";
  const Document move = referee::verify_record(changed)["error"];
  EXPECT_EQ(move["move"], 1) << move.dump();
  EXPECT_EQ(move["turn"], record["turns"][chosen]["number"]) << move.dump();
  changed = record;
  const std::size_t seats = record["seats"].size();
  changed["seats"][seats - 1].erase("name");
  const Document seat = referee::verify_record(changed)["error"];
  EXPECT_EQ(seat["field"], "name") << seat.dump();
  EXPECT_EQ(seat["index"], seats) << seat.dump();
}

TEST_P(LedgerEngineTest, AuditChecksTheChainAndAnImportedRecordAuditsClean) {
  const core::Engine& engine = *GetParam();
  const Game game = create(engine.id(), engine.min_players(), 9);
  play_to_end(game, 4, false);
  EXPECT_EQ(referee::audit(db(), game.id)["ok"], true);
  const Document record = ledger::export_record(db(), game.id, false);

  store::Database other((dir_ / "other.db").string());
  const Document imported = referee::import_record(other, record);
  EXPECT_EQ(imported["imported"], game.id);
  const Document audit = referee::audit(other, game.id);
  EXPECT_EQ(audit["ok"], true) << audit.dump();
  EXPECT_EQ(referee::view(other, game.id, std::nullopt),
            referee::view(db(), game.id, std::nullopt));
  EXPECT_EQ(ledger::export_record(other, game.id, false), record);

  db().exec("UPDATE turns SET chain = '" + std::string(64, '0') + "' WHERE number = 1");
  const Document broken = referee::audit(db(), game.id);
  EXPECT_EQ(broken["ok"], false);
  EXPECT_NE(broken["games"][0]["error"].get<std::string>().find("turn 1"), std::string::npos)
      << broken.dump();
}

INSTANTIATE_TEST_SUITE_P(EveryEngine, LedgerEngineTest, ::testing::ValuesIn(core::engines()),
                         engine_test_name);

// --- chain, receipts, signed turns (Caravaneers) ------------------------------------------

TEST_F(LedgerTest, EveryViewShowsTheCommitmentAndTheChainHeadMovesWithEachTurn) {
  const Game game = create("caravaneers", 2, 1);
  const store::GameRow before = row(game);
  EXPECT_EQ(before.chain_head, before.genesis);
  EXPECT_EQ(referee::view(db(), game.id, "p2")["chain"], before.genesis);
  EXPECT_FALSE(referee::view(db(), game.id, "p2").contains("seed"));
  const auto outcome =
      referee::submit(db(), turn_text(game.id, "p1", 1, {"b1"}, game.tokens.at("p1")), "t");
  ASSERT_EQ(outcome.exit_code, 0);
  const store::GameRow after = row(game);
  const auto turns = store::GameStore(db()).turns(game.id);
  ASSERT_EQ(turns.size(), 1u);
  EXPECT_EQ(
      turns[0].chain,
      ledger::chain_link(before.genesis, ledger::canonical_turn(game.id, 1, "p1", 0, false, {"b1"}),
                         turns[0].state_hash));
  EXPECT_EQ(after.chain_head, turns[0].chain);
  EXPECT_EQ(outcome.answer["chain"], turns[0].chain);
  EXPECT_EQ(referee::view(db(), game.id, "p1")["chain"], after.chain_head);
  EXPECT_EQ(referee::history(db(), game.id, "p2")["turns"][0]["chain"], turns[0].chain);
}

TEST_F(LedgerTest, ATurnFileThatNamesAnOldChainHeadIsRefused) {
  const Game game = create("caravaneers", 2, 1);
  const std::string genesis = row(game).genesis;
  ASSERT_EQ(
      referee::submit(db(), turn_text(game.id, "p1", 1, {"b1"}, game.tokens.at("p1"), genesis), "t")
          .exit_code,
      0);
  const auto stale = referee::submit(
      db(), turn_text(game.id, "p2", 2, {"a2"}, game.tokens.at("p2"), genesis), "t");
  EXPECT_EQ(stale.exit_code, 65);
  EXPECT_EQ(stale.answer["error"]["expected_chain"], row(game).chain_head);
}

TEST_F(LedgerTest, EveryAcceptedTurnGetsAReceiptThatFailsWithAnyByteChanged) {
  const Game game = create("caravaneers", 2, 1);
  const std::string text = turn_text(game.id, "p1", 1, {"b1"}, game.tokens.at("p1"));
  const auto outcome = referee::submit(db(), text, "t");
  ASSERT_EQ(outcome.exit_code, 0);
  const Document receipt = outcome.answer["receipt"];
  EXPECT_EQ(receipt["file_sha256"], ledger::sha256_hex(text));
  EXPECT_EQ(receipt["chain"], outcome.answer["chain"]);
  EXPECT_EQ(receipt["turn"], 1);
  const std::string key = ledger::referee_public_key(db());
  EXPECT_EQ(receipt["referee_key"], key);
  EXPECT_TRUE(ledger::check_receipt(receipt, key).ok);

  // Every byte of the receipt file that carries a value, changed, fails.
  const std::string file = output::to_yaml(receipt);
  int changed = 0;
  for (std::size_t i = 0; i < file.size(); ++i) {
    if (file[i] == '\n' || file[i] == ' ' || file[i] == ':' || file[i] == '"') continue;
    std::string tampered = file;
    tampered[i] = tampered[i] == '1' ? '2' : '1';
    Document doc;
    try {
      doc = turnfile::yaml_to_document(tampered, "receipt.yaml");
    } catch (const core::UserError&) {
      continue;  // no longer YAML: cannot verify either
    }
    const std::string named_key = doc.value("referee_key", "");
    EXPECT_FALSE(ledger::check_receipt(doc, key).ok) << "byte " << i << ": " << tampered;
    if (named_key != key) {
      EXPECT_FALSE(ledger::check_receipt(doc, named_key).ok) << i;
    }
    ++changed;
  }
  EXPECT_GT(changed, 300);
}

TEST_F(LedgerTest, TheRefereeKeyIsMadeOnceAndKeptInItsKeyFile) {
  EXPECT_FALSE(ledger::existing_referee_key(db()));
  const std::string key = ledger::referee_public_key(db());
  EXPECT_TRUE(ledger::is_hex(key, 32));
  EXPECT_EQ(ledger::referee_public_key(db()), key);
  EXPECT_EQ(ledger::existing_referee_key(db()), key);
  store::Database again(path());
  EXPECT_EQ(ledger::referee_public_key(again), key);
}

class SignedTurnTest : public LedgerTest {
 protected:
  void SetUp() override {
    LedgerTest::SetUp();
    game = create("caravaneers", 2, 1, {{"p1", pair.public_key}});
  }
  std::string signed_turn(std::int64_t turn, const std::string& move, const std::string& chain,
                          const std::string& secret) {
    return ledger::sign_turn_file(turn_text(game.id, "p1", turn, {move}, "", chain), "t.yaml",
                                  secret);
  }
  ledger::KeyPair pair = ledger::new_key_pair();
  Game game;
};

TEST_F(SignedTurnTest, APlayerWithAKeyGetsNoTokenAndSignsTurns) {
  EXPECT_EQ(game.tokens.count("p1"), 0u);
  EXPECT_EQ(game.tokens.count("p2"), 1u);
  EXPECT_EQ(row(game).players[0].public_key, pair.public_key);
  const std::string text = signed_turn(1, "b1", row(game).chain_head, pair.secret_key);
  EXPECT_NE(text.find("signature: "), std::string::npos);
  const auto outcome = referee::submit(db(), text, "t.yaml");
  EXPECT_EQ(outcome.exit_code, 0) << outcome.answer.dump();
  EXPECT_EQ(ledger::export_record(db(), game.id, false)["seats"][0]["key"], pair.public_key);
}

TEST_F(SignedTurnTest, AReplayedSignedTurnIsRefused65) {
  const std::string text = signed_turn(1, "b1", row(game).chain_head, pair.secret_key);
  ASSERT_EQ(referee::submit(db(), text, "t").exit_code, 0);
  ASSERT_EQ(referee::submit(db(), turn_text(game.id, "p2", 2, {"b2"}, game.tokens.at("p2")), "t")
                .exit_code,
            0);
  EXPECT_EQ(referee::submit(db(), text, "t").exit_code, 65);
  // Signed for the right turn number but answering an old head: refused as well.
  const std::string old_head = store::GameStore(db()).turns(game.id)[0].chain;
  EXPECT_EQ(referee::submit(db(), signed_turn(3, "c1", old_head, pair.secret_key), "t").exit_code,
            65);
}

TEST_F(SignedTurnTest, AForgedSignatureIsRefused77) {
  const std::string head = row(game).chain_head;
  // Signed by someone else's key.
  const auto mallory = ledger::new_key_pair();
  EXPECT_EQ(referee::submit(db(), signed_turn(1, "b1", head, mallory.secret_key), "t").exit_code,
            77);
  // A signed file with its move changed afterwards.
  std::string text = signed_turn(1, "b1", head, pair.secret_key);
  text.replace(text.find("[\"b1\"]"), 6, "[\"c1\"]");
  EXPECT_EQ(referee::submit(db(), text, "t").exit_code, 77);
  // A token instead of a signature, and no credentials the player could have.
  EXPECT_EQ(referee::submit(db(), turn_text(game.id, "p1", 1, {"b1"}, game.tokens.at("p2")), "t")
                .exit_code,
            77);
  // A token player cannot sign instead.
  const std::string bob =
      ledger::sign_turn_file(turn_text(game.id, "p2", 1, {"a2"}, "", head), "t", pair.secret_key);
  EXPECT_EQ(referee::submit(db(), bob, "t").exit_code, 77);
  EXPECT_TRUE(store::GameStore(db()).turns(game.id).empty());
}

TEST_F(SignedTurnTest, SigningNeedsTheChainHeadAndNoToken) {
  EXPECT_THROW(
      ledger::sign_turn_file(turn_text(game.id, "p1", 1, {"b1"}, ""), "t", pair.secret_key),
      core::UserError);
  EXPECT_THROW(
      ledger::sign_turn_file(turn_text(game.id, "p1", 1, {"b1"}, "abc", "x"), "t", pair.secret_key),
      core::UserError);
  const std::string both = turn_text(game.id, "p1", 1, {"b1"}, "abc") + "signature: ab\n";
  EXPECT_EQ(referee::submit(db(), both, "t").exit_code, 65);
}

TEST_F(LedgerTest, ANewGameRefusesAKeyThatIsNotAPublicKeyOrNamesNoPlayer) {
  auto code = [&](std::map<std::string, std::string> keys) {
    try {
      create("caravaneers", 2, 1, std::move(keys));
    } catch (const core::UserError& e) {
      return static_cast<int>(e.code());
    }
    return 0;
  };
  EXPECT_EQ(code({{"p1", "abc"}}), 64);
  EXPECT_EQ(code({{"zed", ledger::new_key_pair().public_key}}), 64);
  EXPECT_EQ(code({{"p2", ledger::new_key_pair().public_key}}), 0);
}

TEST_F(LedgerTest, ARunningGameExportedWithItsSecretMovesToAnotherDatabaseAndGoesOn) {
  const Game game = create("caravaneers", 2, 1);
  ASSERT_EQ(referee::submit(db(), turn_text(game.id, "p1", 1, {"b1"}, game.tokens.at("p1")), "t")
                .exit_code,
            0);
  const Document open = referee::verify_record(ledger::export_record(db(), game.id, false));
  EXPECT_EQ(open["ok"], true);
  EXPECT_EQ(open["replayed"], false);  // no seed until the end: the chain alone is checked

  store::Database other((dir_ / "other.db").string());
  EXPECT_THROW(referee::import_record(other, ledger::export_record(db(), game.id, false)),
               core::UserError);
  const Document imported =
      referee::import_record(other, ledger::export_record(db(), game.id, true));
  std::string token;
  for (const auto& player : imported["players"])
    if (player["name"] == "p2") token = player["token"];
  const auto outcome = referee::submit(other, turn_text(game.id, "p2", 2, {"b2"}, token), "t");
  EXPECT_EQ(outcome.exit_code, 0) << outcome.answer.dump();
  EXPECT_EQ(referee::audit(other, game.id)["ok"], true);
  try {
    referee::import_record(other, ledger::export_record(db(), game.id, true));
    ADD_FAILURE() << "imported twice";
  } catch (const core::UserError& e) {
    EXPECT_EQ(e.code(), core::Exit::kRejected);
  }
}

TEST_F(LedgerTest, AGameFromAPositionBindsThePositionIntoItsGenesis) {
  referee::NewGame request{"caravaneers", {"ann", "bob"}, {}, 3, {}};
  const Game first = create("caravaneers", 2, 3);
  request.position = referee::view(db(), first.id, std::nullopt);
  const Document created = referee::create_game(db(), request);
  Document record = ledger::export_record(db(), created["game"], true);
  ASSERT_TRUE(record.contains("position"));
  EXPECT_EQ(referee::verify_record(record)["ok"], true);
  Document position = Document::parse(record["position"].get<std::string>());
  position["to_move"] = position["to_move"] == "South" ? "East" : "South";
  record["position"] = position.dump();
  EXPECT_EQ(referee::verify_record(record)["error"]["field"], "genesis");
}

}  // namespace

namespace {

// Issue 67: a seat the referee's bot plays keeps its level through export and import (the record
// said only its key, and the imported seat became a person's who signs, whom nobody played, and
// whom ratings counted under the seat's name rather than its level): the imported bot plays on
// with the importing referee's key, and the record exports again byte for byte.
TEST_F(LedgerTest, ABotsLevelSurvivesExportAndImportAndTheBotPlaysOn) {
  referee::NewGame request;
  request.kind = "caravaneers";
  request.players = {"ann", "hal"};
  request.bots = {{"hal", "greedy"}};
  request.seed = 5;
  const Document created = referee::create_game(db(), request);
  const std::string game = created["game"];
  std::string token;
  for (const auto& player : created["players"])
    if (player["name"] == "ann") token = player["token"];
  ASSERT_EQ(referee::submit(db(), turn_text(game, "ann", 1, {"b1"}, token), "t").exit_code, 0);
  ASSERT_EQ(store::GameStore(db()).find_game(game)->next_turn, 3) << "hal answered at once";
  const Document record = ledger::export_record(db(), game, true);
  ASSERT_EQ(record["seats"][1].value("bot", ""), "greedy") << record["seats"].dump();
  EXPECT_FALSE(record["seats"][0].contains("bot"));

  store::Database other((dir_ / "other.db").string());
  const Document imported = referee::import_record(other, record);
  EXPECT_EQ(imported["players"][1].value("bot", ""), "greedy") << imported.dump();
  EXPECT_FALSE(imported["players"][1].contains("token"));
  const auto row = store::GameStore(other).find_game(game);
  ASSERT_TRUE(row);
  EXPECT_EQ(row->players[1].bot, "greedy");
  EXPECT_EQ(row->players[1].public_key, ledger::referee_public_key(other));
  EXPECT_NE(row->players[1].public_key, row->players[1].genesis_key) << "another referee's key";
  EXPECT_EQ(ledger::export_record(other, game, true), record);
  // Ann plays on in the other database, and its bot answers her.
  std::string new_token;
  for (const auto& player : imported["players"])
    if (player["name"] == "ann") new_token = player["token"];
  const auto moves = referee::legal_moves(other, game, "ann", nullptr, 1).moves;
  ASSERT_FALSE(moves.empty());
  const auto outcome =
      referee::submit(other, turn_text(game, "ann", 3, {moves.at(0)}, new_token), "t");
  EXPECT_EQ(outcome.exit_code, 0) << outcome.answer.dump();
  const auto after = store::GameStore(other).find_game(game);
  EXPECT_TRUE(after->finished || after->next_turn == 5) << "hal answered in the other database";
  EXPECT_EQ(referee::audit(other, game)["ok"], true);
  // A level this referee has not is refused, and nothing is imported.
  Document unknown = record;
  unknown["seats"][1]["bot"] = "wizard";
  store::Database third((dir_ / "third.db").string());
  try {
    referee::import_record(third, unknown);
    ADD_FAILURE() << "an unknown bot level was imported";
  } catch (const core::UserError& e) {
    EXPECT_EQ(e.code(), core::Exit::kRejected);
    EXPECT_NE(std::string(e.what()).find("seat hal is played by a bot"), std::string::npos)
        << e.what();
  }
  EXPECT_FALSE(store::GameStore(third).find_game(game));
}

}  // namespace
