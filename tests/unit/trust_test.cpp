// Trust at rest (issue 15): the files the referee keeps, what they hold, and what it refuses to
// open or to believe.
#include <algorithm>
#include <fstream>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/stat.h>

#include "core/errors.hpp"
#include "ledger/crypto.hpp"
#include "ledger/key_file.hpp"
#include "ledger/receipt.hpp"
#include "ledger/record.hpp"
#include "power_cut_vfs.hpp"
#include "referee/referee.hpp"
#include "referee/verify.hpp"
#include "store/game_store.hpp"
#include "temp_db.hpp"
#include "turn_file.hpp"
#include "turnfile/redact.hpp"
#include "turnfile/turnfile.hpp"
#include "user_errors.hpp"

namespace {

using core::Document;
namespace fs = std::filesystem;

unsigned mode_of(const fs::path& path) {
  struct stat info {};
  EXPECT_EQ(::stat(path.c_str(), &info), 0) << path;
  return info.st_mode & 0777;
}

class Trust : public TempDb {
 protected:
  // A caravaneers game; ann's first turn file.
  std::string new_game() {
    const Document made = referee::create_game(db(), {"caravaneers", {"ann", "bob"}, {}, 5, {}});
    game_ = made["game"];
    token_ = made["players"][0]["token"];
    const auto moves = referee::legal_moves(db(), game_, "ann", nullptr, 1);
    return TurnFile(game_, "ann", 1).token(token_).move(moves.moves[0]);
  }
  std::string game_, token_;
};

TEST_F(Trust, TheDatabaseAndItsWalAndShmAreCreatedReadableByTheOwnerOnly) {
  new_game();  // the WAL and shared memory exist while the connection is open
  for (const char* suffix : {"", "-wal", "-shm"})
    EXPECT_EQ(mode_of(path() + suffix), 0600u) << suffix;
}

TEST_F(Trust, CommitsAreDurableWalWithSynchronousFull) {
  store::Statement query(db(), "PRAGMA synchronous");
  ASSERT_TRUE(query.step());
  EXPECT_EQ(query.integer(0), 2);  // FULL
}

TEST_F(Trust, ADatabaseFromANewerSchemaIsRefusedWith78) {
  db().exec(fmt::format("PRAGMA user_version = {}", store::Database::latest_schema_version() + 1));
  db_.reset();
  EXPECT_EQ(exit_of([&] { store::Database again(path()); }), core::Exit::kConfig);
}

TEST_F(Trust, AnEmptyOrForeignFileIsRefusedNotInitialised) {
  const std::string empty = (dir_ / "empty.db").string();
  std::ofstream(empty).close();
  EXPECT_EQ(exit_of([&] { store::Database db(empty); }), core::Exit::kRejected);
  EXPECT_EQ(fs::file_size(empty), 0u);

  const std::string text = (dir_ / "notes.db").string();
  std::ofstream(text) << "these are my notes, not a database\n";
  EXPECT_EQ(exit_of([&] { store::Database db(text); }), core::Exit::kRejected);
  EXPECT_EQ(read_all(text), "these are my notes, not a database\n");

  const std::string other = (dir_ / "other.db").string();
  sqlite3* raw = nullptr;
  sqlite3_open(other.c_str(), &raw);
  sqlite3_exec(raw, "CREATE TABLE t (x)", nullptr, nullptr, nullptr);
  sqlite3_close(raw);
  EXPECT_EQ(exit_of([&] { store::Database db(other); }), core::Exit::kRejected);
}

TEST_F(Trust, OpeningOnlyToReadNeverCreatesADatabase) {
  const fs::path missing = dir_ / "missing.db";
  EXPECT_EQ(exit_of([&] { store::Database db(missing.string(), {.create = false}); }),
            core::Exit::kNoInput);
  EXPECT_FALSE(fs::exists(missing));
}

TEST_F(Trust, AFullDiskIsATemporaryFailureAndAReadOnlyDatabaseIsSaidSo) {
  const std::string text = new_game();
  db_.reset();
  power_cut::arm();
  {
    store::Database full(path(), {.vfs = power_cut::kVfsName});
    power_cut::fail_writes_with(SQLITE_FULL);
    EXPECT_EQ(exit_of([&] { referee::submit(full, text, "turn"); }), core::Exit::kTempFail);
  }
  power_cut::arm();
  power_cut::open_read_only(true);
  try {
    store::Database read_only(path(), {.vfs = power_cut::kVfsName});
    referee::submit(read_only, text, "turn");
    ADD_FAILURE() << "a read-only database took a turn";
  } catch (const core::UserError& e) {
    EXPECT_EQ(e.code(), core::Exit::kIoError);
    EXPECT_NE(std::string(e.what()).find("read-only"), std::string::npos) << e.what();
  }
  power_cut::arm();
}

TEST_F(Trust, TurnFilesAreKeptWithoutTheirTokenAndReceiptsStillMatchThem) {
  const std::string text = new_game();
  const auto outcome = referee::submit(db(), text, "turn");
  ASSERT_EQ(outcome.exit_code, 0) << outcome.answer.dump();
  const auto rows = store::GameStore(db()).submissions(game_);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].raw.find(token_), std::string::npos) << rows[0].raw;
  EXPECT_NE(rows[0].raw.find(turnfile::kTokenMarker), std::string::npos);
  EXPECT_EQ(rows[0].raw_sha256, outcome.answer["receipt"]["file_sha256"]);
  EXPECT_EQ(rows[0].raw_sha256, ledger::sha256_hex(text));
  // Nowhere in the database file either.
  db_.reset();
  store::Database again(path());
  again.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  EXPECT_EQ(read_all(path()).find(token_), std::string::npos);
}

TEST_F(Trust, EveryFormOfTokenIsReplaced) {
  for (const std::string text :
       {"token: abc123\n", "token: \"abc123\"\n", "token: 'abc123'\n", "{game: g, token: abc123}",
        "token: abc123\nmoves: [\n", "  \"token\" : abc123 # unreadable: [\n"}) {
    const std::string kept = turnfile::without_token(text);
    EXPECT_EQ(kept.find("abc123"), std::string::npos) << text << " -> " << kept;
    EXPECT_NE(kept.find(turnfile::kTokenMarker), std::string::npos) << kept;
  }
}

// A turn quoted back in a reply keeps four characters of each token, in every style, so the
// sender can tell which token they used and nobody reading over their shoulder learns it.
TEST_F(Trust, AQuotedTurnHasEveryTokenCutShort) {
  for (const auto& [text, quoted] : std::vector<std::pair<std::string, std::string>>{
           {"token: abc123\n", "token: abc1...\n"},
           {"{\"game\": \"g\", \"token\": \"abc123\", \"moves\": []}",
            "{\"game\": \"g\", \"token\": \"abc1...\", \"moves\": []}"},
           {"{game: g, token: 'abc123'}", "{game: g, token: 'abc1...'}"},
           {"token: abc123   # mine\n", "token: abc1...   # mine\n"},
           {"token: abc\n", "token: abc\n"}}) {
    EXPECT_EQ(turnfile::with_token_cut_short(text), quoted) << text;
  }
}

// A read turn file has its token replaced where the one reading found it (the file is not parsed
// a second time to redact it), whatever the token holds: '#' and ',' end a line-based guess early.
TEST_F(Trust, TheTokenIsReplacedWhereTheOneReadingOfTheFileFoundIt) {
  for (const std::string token : {"\"ab#c,1}23\"", "'ab#c,1''23'", "abc123"}) {
    for (const std::string& text :
         {"game: g\nplayer: ann\nturn: 1\ntoken: " + token + "\nmoves: [x]\n",
          "{game: g, player: ann, turn: 1, token: " + token + ", moves: [x]}\n"}) {
      const turnfile::TurnRequest request = turnfile::parse(text, "turn.yaml");
      ASSERT_TRUE(request.token_span.has_value()) << text;
      const std::string kept = turnfile::without_token(text, request);
      for (const std::string piece : {"ab", "c,1", "23"})
        EXPECT_EQ(kept.find(piece), std::string::npos) << text << " -> " << kept;
      // What is kept still reads as the same turn, with the marker for a token.
      const turnfile::TurnRequest again = turnfile::parse(kept, "kept.yaml");
      EXPECT_EQ(again.token, turnfile::kTokenMarker);
      EXPECT_EQ(again.moves, request.moves);
    }
  }
}

TEST_F(Trust, TheSigningKeyLivesInAKeyFileOfMode600AndTheDatabaseHoldsOnlyPublicKeys) {
  const std::string key = ledger::referee_public_key(db());
  const fs::path key_file = path() + ".key";
  ASSERT_TRUE(fs::exists(key_file));
  EXPECT_EQ(mode_of(key_file), 0600u);
  store::Statement secrets(db(), "SELECT count(*) FROM referee_key WHERE secret_key != ''");
  secrets.step();
  EXPECT_EQ(secrets.integer(0), 0);
  EXPECT_TRUE(ledger::is_referee_key(db(), key));
  // Without its key file the referee refuses to sign rather than make a new key unasked.
  db_.reset();
  fs::rename(key_file, dir_ / "elsewhere.key");
  db_ = std::make_unique<store::Database>(path());
  EXPECT_EQ(exit_of([&] { ledger::referee_public_key(db()); }), core::Exit::kConfig);
  db_.reset();
  db_ = std::make_unique<store::Database>(
      path(), store::OpenOptions{.key_file = (dir_ / "elsewhere.key").string()});
  EXPECT_EQ(ledger::referee_public_key(db()), key);
}

TEST_F(Trust, TheKeyFileIsAJsonObjectThatReadsTheSameAsYaml) {
  const std::string key = ledger::referee_public_key(db());
  const std::string text = read_all(path() + ".key");
  const Document doc = Document::parse(text);  // throws if the file is not JSON
  EXPECT_EQ(doc["public_key"], key);
  EXPECT_TRUE(ledger::is_hex(doc["secret_key"].get<std::string>(), 64));
  EXPECT_NE(doc["note"].get<std::string>().find("secret"), std::string::npos);
  EXPECT_EQ(turnfile::yaml_to_document(text, "key"), doc);           // and YAML reads it alike
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 5) << text;  // one key a line
}

TEST_F(Trust, AKeyFileInTheEarlierYamlFormIsStillRead) {
  const ledger::KeyPair pair = ledger::new_key_pair();
  const std::string file = path() + ".old.key";
  std::ofstream(file)
      << "# caravan-ref: the referee's signing key. Keep it secret, keep a backup.\n"
      << "public_key: " << pair.public_key << "\nsecret_key: " << pair.secret_key << "\n";
  fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write, fs::perm_options::replace);
  const auto read = ledger::read_key_file(file);
  ASSERT_TRUE(read);
  EXPECT_EQ(read->public_key, pair.public_key);
  EXPECT_EQ(read->secret_key, pair.secret_key);
}

TEST_F(Trust, AKeyFileThatGivesAKeyTwiceIsRefusedWithItsLine) {
  const ledger::KeyPair one = ledger::new_key_pair();
  const ledger::KeyPair two = ledger::new_key_pair();
  const std::string file = path() + ".twice.key";
  std::ofstream(file) << "{\"secret_key\": \"" << one.secret_key << "\",\n \"secret_key\": \""
                      << two.secret_key << "\"}\n";
  fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write, fs::perm_options::replace);
  try {
    ledger::read_key_file(file);
    FAIL() << "a key given twice was read";
  } catch (const core::UserError& e) {
    EXPECT_EQ(e.code(), core::Exit::kConfig);
    EXPECT_NE(std::string(e.what()).find("given twice"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(":2:"), std::string::npos) << e.what();
  }
}

TEST_F(Trust, AnOldDatabasesSecretKeyMovesToTheKeyFile) {
  const ledger::KeyPair old = ledger::new_key_pair();
  db().exec(fmt::format(
      "INSERT INTO referee_key (id, public_key, secret_key, created_at) VALUES (1, '{}', '{}', "
      "'2026-01-01T00:00:00Z'); INSERT INTO referee_keys (public_key, created_at) VALUES ('{}', "
      "'2026-01-01T00:00:00Z')",
      old.public_key, old.secret_key, old.public_key));
  EXPECT_EQ(ledger::referee_public_key(db()), old.public_key);
  EXPECT_NE(read_all(path() + ".key").find(old.secret_key), std::string::npos);
  store::Statement secrets(db(), "SELECT secret_key FROM referee_key");
  ASSERT_TRUE(secrets.step());
  EXPECT_EQ(secrets.text(0), "");
}

TEST_F(Trust, ANewKeyFileIsAKeyChangeAndTheOldPublicKeyStillChecksOldReceipts) {
  const std::string text = new_game();
  const auto receipt = referee::submit(db(), text, "turn").answer["receipt"];
  const std::string old_key = ledger::referee_public_key(db());
  fs::remove(path() + ".key");
  const ledger::KeyPair next = ledger::new_key_pair();
  std::ofstream(path() + ".key") << "public_key: " << next.public_key
                                 << "\nsecret_key: " << next.secret_key << "\n";
  fs::permissions(path() + ".key", fs::perms::owner_read | fs::perms::owner_write);
  EXPECT_EQ(ledger::referee_public_key(db()), next.public_key);
  EXPECT_EQ(ledger::existing_referee_key(db()), next.public_key);
  EXPECT_TRUE(ledger::is_referee_key(db(), old_key));
  EXPECT_TRUE(ledger::check_receipt(receipt, old_key).ok);
  // A key file others may read is refused.
  fs::permissions(path() + ".key", fs::perms::group_read, fs::perm_options::add);
  EXPECT_EQ(exit_of([&] { ledger::referee_public_key(db()); }), core::Exit::kConfig);
}

TEST_F(Trust, ASnapshotChangedInTheDatabaseIsCaughtByAuditAndNeverPlayedOn) {
  const std::string text = new_game();
  db().exec("UPDATE games SET state = json_set(state, '$.changed', 1)");
  const Document report = referee::audit(db(), game_);
  EXPECT_FALSE(report["ok"].get<bool>());
  EXPECT_NE(report.dump().find("snapshot"), std::string::npos) << report.dump();
  const auto outcome = referee::submit(db(), text, "turn");
  EXPECT_EQ(outcome.exit_code, static_cast<int>(core::Exit::kIoError)) << outcome.answer.dump();
  EXPECT_EQ(exit_of([&] { referee::view(db(), game_, std::string("ann")); }), core::Exit::kIoError);
}

TEST_F(Trust, ARunningGamesRecordWithAForgedResultDoesNotVerify) {
  const std::string text = new_game();
  ASSERT_EQ(referee::submit(db(), text, "turn").exit_code, 0);
  Document record = ledger::export_record(db(), game_, false);
  ASSERT_TRUE(referee::verify_record(record)["ok"].get<bool>());
  record["result"] = {{"draw", false}, {"winner", "bob"}, {"scores", {{"ann", 0}, {"bob", 9}}}};
  const Document report = referee::verify_record(record);
  EXPECT_FALSE(report["ok"].get<bool>());
  EXPECT_EQ(report["error"]["field"], "result");
}

TEST_F(Trust, ATurnFileOfMoreThanOneDocumentIsRefused) {
  const std::string text = new_game();
  for (const std::string tail : {"---\nmoves: [x]\n", "...\nmoves: [x]\n", "---\n"}) {
    const auto outcome = referee::submit(db(), text + tail, "turn");
    EXPECT_EQ(outcome.exit_code, 65) << tail;
    EXPECT_NE(outcome.answer.dump().find("one YAML document"), std::string::npos)
        << outcome.answer.dump();
  }
  EXPECT_EQ(referee::submit(db(), text + "...\n# a comment\n", "turn").exit_code, 0);
}

}  // namespace
