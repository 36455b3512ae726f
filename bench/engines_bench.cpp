// The engines alone, with no storage (issue 16's engine figures). Run:
//   build/bench/caravan-ref-bench --benchmark_filter='RandomPlay|Replay'
//
// - BM_RandomPlay/<engine>: random play on the fast path (random_action, apply_action): moves
//   per second. A finished game starts again with the next seed.
// - BM_RandomPlayDocuments/<engine>: the same games through the documents (legal_moves, apply):
//   what the CLI and the referee pay per move.
// - BM_ReplayTurns/<engine>: the engine's part of an audit: each move of recorded random games
//   applied as its document (with its events), then the referee's view dumped as JSON text (what
//   the state hash reads). Turns per second.
#include <utility>
#include <vector>

#include <benchmark/benchmark.h>

#include "core/engine.hpp"
#include "core/rng.hpp"

namespace {

// Random games one after another, the next seed when one ends; `move` plays one move.
template <typename Move>
void play_random_games(benchmark::State& bench, const core::Engine& engine, Move move) {
  std::uint64_t seed = 1;
  core::Rng rng(seed), chooser(seed + 1000);
  auto state = engine.start(engine.min_players(), {}, rng).state;
  std::int64_t moves = 0;
  for (auto _ : bench) {
    if (state->finished()) {
      ++seed;
      rng = core::Rng(seed);
      state = engine.start(engine.min_players(), {}, rng).state;
    }
    if (!move(*state, rng, chooser)) return bench.SkipWithError("no legal move and none forced");
    ++moves;
  }
  bench.counters["moves/s"] =
      benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
  bench.counters["games"] = static_cast<double>(seed);
}

void BM_RandomPlay(benchmark::State& bench, const core::Engine* engine) {
  play_random_games(bench, *engine, [](core::State& state, core::Rng& rng, core::Rng& chooser) {
    state.apply_action(state.random_action(chooser), rng);
    return true;
  });
}

void BM_RandomPlayDocuments(benchmark::State& bench, const core::Engine* engine) {
  play_random_games(bench, *engine, [](core::State& state, core::Rng& rng, core::Rng& chooser) {
    core::Document move;
    if (auto forced = state.forced_move()) {
      move = std::move(*forced);
    } else {
      auto legal = state.legal_moves();
      if (legal.empty()) return false;
      move = std::move(legal[chooser.below(legal.size())]);
    }
    benchmark::DoNotOptimize(state.apply(*state.current_player(), move, rng));
    return true;
  });
}

// Whole random games as (seat, move document) records, played through the documents.
struct RecordedGame {
  std::uint64_t seed;
  std::vector<std::pair<int, core::Document>> moves;
};

std::vector<RecordedGame> record_games(const core::Engine& engine, int count) {
  std::vector<RecordedGame> games;
  core::Rng chooser(7);
  for (int g = 0; g < count; ++g) {
    RecordedGame game{static_cast<std::uint64_t>(g + 1), {}};
    core::Rng rng(game.seed);
    auto state = engine.start(engine.min_players(), {}, rng).state;
    while (!state->finished()) {
      const core::Document move = state->move_of(state->random_action(chooser));
      const int seat = *state->current_player();
      state->apply(seat, move, rng);
      game.moves.emplace_back(seat, move);
    }
    games.push_back(std::move(game));
  }
  return games;
}

void BM_ReplayTurns(benchmark::State& bench, const core::Engine* engine) {
  const std::vector<RecordedGame> games = record_games(*engine, 10);
  std::int64_t turns = 0;
  for (auto _ : bench) {
    for (const auto& game : games) {
      core::Rng rng(game.seed);
      auto state = engine->start(engine->min_players(), {}, rng).state;
      for (const auto& [seat, move] : game.moves) {
        benchmark::DoNotOptimize(state->apply(seat, move, rng));
        benchmark::DoNotOptimize(state->view(core::kReferee).dump());
      }
      turns += static_cast<std::int64_t>(game.moves.size());
    }
  }
  bench.counters["turns/s"] =
      benchmark::Counter(static_cast<double>(turns), benchmark::Counter::kIsRate);
}

const bool registered = [] {
  for (const core::Engine* engine : core::engines()) {
    benchmark::RegisterBenchmark(("BM_RandomPlay/" + engine->id()).c_str(), BM_RandomPlay, engine)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("BM_RandomPlayDocuments/" + engine->id()).c_str(),
                                 BM_RandomPlayDocuments, engine)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("BM_ReplayTurns/" + engine->id()).c_str(), BM_ReplayTurns, engine)
        ->Unit(benchmark::kMillisecond);
  }
  return true;
}();

}  // namespace
