// A turn costs the same at turn 10 and turn 10,000: submit loads one snapshot, never the history.
// The history is padded with recorded turns, then one real turn file is submitted and undone per
// iteration (the undo is not timed). Run: build/bench/caravan-ref-bench
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <unistd.h>

#include "core/engine.hpp"
#include "core/rng.hpp"
#include "ledger/record.hpp"
#include "referee/referee.hpp"
#include "referee/verify.hpp"
#include "store/game_store.hpp"
#include "unit/turn_file.hpp"

namespace {

struct Fixture {
  std::filesystem::path dir;
  std::unique_ptr<store::Database> db;
  std::string game, token, file;

  explicit Fixture(std::int64_t history) {
    dir = std::filesystem::temp_directory_path() /
          ("caravan-bench-" + std::to_string(::getpid()) + "-" + std::to_string(history));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    db = std::make_unique<store::Database>((dir / "games.db").string());
    const auto created = referee::create_game(*db, {"caravaneers", {"ann", "bob"}, {}, 1, {}});
    game = created["game"];
    token = created["players"][0]["token"];
    // Pad the record: `history` earlier turns (alternating seats, so ann's last own turn is
    // recent).
    store::GameStore games(*db);
    store::Transaction tx(*db);
    for (std::int64_t n = 1; n <= history; ++n)
      games.append_turn(
          game, {n, static_cast<int>((n + history) % 2), false, nlohmann::json::array({"pass"}),
                 nlohmann::json::array(), "x", std::nullopt, store::now_utc()});
    db->exec("UPDATE games SET next_turn = " + std::to_string(history + 1));
    tx.commit();
    file = TurnFile(game, "ann", history + 1).token(token).moves("[b1]");
  }
  ~Fixture() {
    db.reset();
    std::filesystem::remove_all(dir);
  }
};

void BM_SubmitAtHistoryLength(benchmark::State& state) {
  Fixture fixture(state.range(0));
  store::GameStore games(*fixture.db);
  const auto saved = *games.find_game(fixture.game);
  for (auto _ : state) {
    const auto outcome = referee::submit(*fixture.db, fixture.file, "bench");
    if (outcome.exit_code != 0) state.SkipWithError(outcome.answer.dump().c_str());
    state.PauseTiming();
    const std::string later = " WHERE number > " + std::to_string(state.range(0));
    fixture.db->exec("DELETE FROM turn_snapshots" + later);
    fixture.db->exec("DELETE FROM turns" + later);
    fixture.db->exec("DELETE FROM submissions");
    games.update_snapshot(saved, saved.state.dump());
    state.ResumeTiming();
  }
}
BENCHMARK(BM_SubmitAtHistoryLength)->Arg(10)->Arg(1000)->Arg(10000)->Unit(benchmark::kMicrosecond);

void BM_ViewAtHistoryLength(benchmark::State& state) {
  Fixture fixture(state.range(0));
  for (auto _ : state)
    benchmark::DoNotOptimize(referee::view(*fixture.db, fixture.game, std::string("ann")));
}
BENCHMARK(BM_ViewAtHistoryLength)->Arg(10)->Arg(10000)->Unit(benchmark::kMicrosecond);

// Whole games played through the referee, for the audit and verify figures: replayed turns per
// second over every game of the database. Each move is the first legal one (`random` false: the
// games of the earlier figures) or drawn by a seeded chooser from the first 64 legal moves (all of
// them in most positions); a game stops at its end or at `max_turns`.
struct PlayedGames {
  std::filesystem::path dir;
  std::unique_ptr<store::Database> db;
  std::int64_t turns = 0;

  PlayedGames(const std::string& kind, int games, std::int64_t max_turns, bool random) {
    dir = std::filesystem::temp_directory_path() /
          ("caravan-bench-audit-" + std::to_string(::getpid()) + "-" + kind);
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    db = std::make_unique<store::Database>((dir / "games.db").string());
    db->exec("PRAGMA synchronous=OFF");  // the setup only; the figures read
    core::Rng chooser(7);
    for (int g = 0; g < games; ++g) {
      const auto created = referee::create_game(
          *db, {kind, {"ann", "bob"}, {}, static_cast<std::uint64_t>(g + 1), {}});
      const std::string game = created["game"];
      for (std::int64_t n = 0; n < max_turns; ++n) {
        const auto view = referee::view(*db, game, std::nullopt);
        if (view["finished"].get<bool>() || view["to_move"].empty()) break;
        const std::string player = view["to_move"][0];
        const std::size_t seat = player == "ann" ? 0 : 1;
        const auto moves = referee::legal_moves(*db, game, player, nullptr, 64);
        if (moves.moves.empty()) break;
        const auto& move = moves.moves.at(random ? chooser.below(moves.moves.size()) : 0);
        const std::string file = TurnFile(game, player, view["turn"].get<std::int64_t>())
                                     .token(created["players"][seat]["token"])
                                     .move(move);
        if (referee::submit(*db, file, "bench", {.views = false}).exit_code != 0)
          throw std::runtime_error("a drawn legal move was refused in " + kind);
      }
      turns += referee::view(*db, game, std::nullopt)["turn"].get<std::int64_t>() - 1;
    }
  }
  ~PlayedGames() {
    db.reset();
    std::filesystem::remove_all(dir);
  }
};

void count_turns(benchmark::State& state, const PlayedGames& played) {
  state.counters["turns"] = static_cast<double>(played.turns);
  state.counters["turns/s"] = benchmark::Counter(static_cast<double>(played.turns),
                                                 benchmark::Counter::kIsIterationInvariantRate);
}

// audit of every game of the database: each one's snapshot, record and chain read, every turn
// replayed and its state hash compared.
void BM_AuditEveryGame(benchmark::State& state, const std::string& kind, int games,
                       std::int64_t max_turns, bool random) {
  PlayedGames played(kind, games, max_turns, random);
  for (auto _ : state) {
    const auto report = referee::audit(*played.db, std::nullopt);
    if (!report["ok"].get<bool>()) state.SkipWithError("a game does not audit");
    benchmark::DoNotOptimize(report);
  }
  count_turns(state, played);
}

// verify of the same games' records, exported: each record checked and replayed with no
// database.
void BM_VerifyEveryRecord(benchmark::State& state, const std::string& kind, int games,
                          std::int64_t max_turns, bool random) {
  PlayedGames played(kind, games, max_turns, random);
  std::vector<nlohmann::json> records;
  for (const auto& summary : store::GameStore(*played.db).list_games())
    records.push_back(ledger::export_record(*played.db, summary.id, false));
  for (auto _ : state)
    for (const auto& record : records) {
      const auto report = referee::verify_record(record);
      if (!report["ok"].get<bool>() || !report["replayed"].get<bool>())
        state.SkipWithError("a record does not verify");
      benchmark::DoNotOptimize(report);
    }
  count_turns(state, played);
}

// BM_AuditEveryGame/20 and BM_VerifyEveryRecord/20: 20 whole caravaneers games of first legal
// moves (the figure of earlier runs); /<engine>: 8 random games of each engine, at most 250 turns
// each. turns/s is over the time on the clock.
const bool registered = [] {
  benchmark::RegisterBenchmark("BM_AuditEveryGame/20", BM_AuditEveryGame, "caravaneers", 20,
                               std::int64_t{1000}, false)
      ->Unit(benchmark::kMillisecond)
      ->MeasureProcessCPUTime()
      ->UseRealTime();
  benchmark::RegisterBenchmark("BM_VerifyEveryRecord/20", BM_VerifyEveryRecord, "caravaneers", 20,
                               std::int64_t{1000}, false)
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
  for (const core::Engine* engine : core::engines()) {
    benchmark::RegisterBenchmark(("BM_AuditEveryGame/" + engine->id()).c_str(), BM_AuditEveryGame,
                                 engine->id(), 8, std::int64_t{250}, true)
        ->Unit(benchmark::kMillisecond)
        ->MeasureProcessCPUTime()
        ->UseRealTime();
    benchmark::RegisterBenchmark(("BM_VerifyEveryRecord/" + engine->id()).c_str(),
                                 BM_VerifyEveryRecord, engine->id(), 8, std::int64_t{250}, true)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  }
  return true;
}();

}  // namespace

BENCHMARK_MAIN();
