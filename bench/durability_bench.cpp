// What durable commits cost (issue 15): the referee commits with synchronous=FULL, so a turn it
// acknowledged survives a power cut; NORMAL (the old setting) may lose the last turns. The same
// submit, and a batch of turns (a mail run that takes several), timed under each setting on a
// database in the current directory (a real disk: /tmp may be memory, where a sync is free).
// Run: build/bench/caravan-ref-bench --benchmark_filter=Synchronous
#include <filesystem>

#include <benchmark/benchmark.h>
#include <unistd.h>

#include "referee/referee.hpp"
#include "store/game_store.hpp"
#include "unit/turn_file.hpp"

namespace {

constexpr const char* kSetting[] = {"NORMAL", "FULL"};

struct Game {
  std::filesystem::path dir;
  std::unique_ptr<store::Database> db;
  std::string id;
  std::vector<std::string> tokens;

  explicit Game(bool full) {
    dir = std::filesystem::current_path() /
          ("caravan-durability-bench-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    db = std::make_unique<store::Database>((dir / "games.db").string());
    db->exec(std::string("PRAGMA synchronous=") + kSetting[full ? 1 : 0]);
    const auto created = referee::create_game(*db, {"caravaneers", {"ann", "bob"}, {}, 1, {}});
    id = created["game"];
    for (const auto& player : created["players"]) tokens.push_back(player["token"]);
  }
  ~Game() {
    db.reset();
    std::filesystem::remove_all(dir);
  }
  // The file for turn `turn` (ann on odd turns, bob on even ones), its first legal move.
  std::string turn_file(std::int64_t turn) {
    const std::string player = turn % 2 == 1 ? "ann" : "bob";
    const auto moves = referee::legal_moves(*db, id, player, core::Document(), 1);
    return TurnFile(id, player, turn).token(tokens[turn % 2 == 1 ? 0 : 1]).move(moves.moves[0]);
  }
};

// Plays `batch` turns per iteration, then puts the game back (not timed).
void submit_turns(benchmark::State& state, std::int64_t batch) {
  Game game(state.range(0) == 1);
  store::GameStore games(*game.db);
  const auto saved = *games.find_game(game.id);
  std::vector<std::string> files;
  {  // the files of the batch, read off a trial run
    for (std::int64_t turn = 1; turn <= batch; ++turn) {
      files.push_back(game.turn_file(turn));
      referee::submit(*game.db, files.back(), "bench");
    }
    game.db->exec("DELETE FROM turn_snapshots WHERE game_id = '" + game.id + "'");
    game.db->exec("DELETE FROM turns WHERE game_id = '" + game.id + "'");
    game.db->exec("DELETE FROM submissions");
    games.update_snapshot(saved, saved.state.dump());
  }
  for (auto _ : state) {
    for (const auto& file : files) {
      const auto outcome = referee::submit(*game.db, file, "bench");
      if (outcome.exit_code != 0) state.SkipWithError(outcome.answer.dump().c_str());
    }
    state.PauseTiming();
    game.db->exec("DELETE FROM turn_snapshots WHERE game_id = '" + game.id + "'");
    game.db->exec("DELETE FROM turns WHERE game_id = '" + game.id + "'");
    game.db->exec("DELETE FROM submissions");
    games.update_snapshot(saved, saved.state.dump());
    state.ResumeTiming();
  }
  state.SetLabel(std::string("synchronous=") + kSetting[state.range(0)]);
  state.SetItemsProcessed(state.iterations() * batch);
}

void BM_SynchronousOneSubmit(benchmark::State& state) { submit_turns(state, 1); }
BENCHMARK(BM_SynchronousOneSubmit)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

void BM_SynchronousBatchOf20Turns(benchmark::State& state) { submit_turns(state, 20); }
BENCHMARK(BM_SynchronousBatchOf20Turns)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace
