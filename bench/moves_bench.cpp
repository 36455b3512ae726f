// The `moves` command on a caravanserai position whose placements number past the engine's
// counting bound (long reserves, many Caravanserai cells to turn on): a page with its count, the
// same page narrowed by a prefix, and the bounded list legal_moves() gives the test suites.
#include <benchmark/benchmark.h>

#include "core/engine.hpp"
#include "core/rng.hpp"

namespace {

using core::Document;

// A position a few random moves into a game where the count stops at the bound.
std::unique_ptr<core::State> crowded_position() {
  const core::Engine* engine = core::find_engine("caravanserai");
  if (!engine) return nullptr;
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    core::Rng rng(seed), chooser(seed * 31);
    auto state = engine->start(2, {}, rng).state;
    for (int step = 0; step < 200 && !state->finished(); ++step) {
      const auto page = state->legal_moves_page(nullptr, 64);
      if (!page.total_exact) return state;
      const Document move =
          page.moves.empty() ? *state->forced_move() : page.moves[chooser.below(page.moves.size())];
      state->apply(*state->current_player(), move, rng);
    }
  }
  return nullptr;
}

const core::State* position() {
  static const auto state = crowded_position();
  return state.get();
}

void BM_CaravanseraiMovesPage(benchmark::State& bench) {
  const core::State* state = position();
  if (!state) return bench.SkipWithError("no caravanserai position past the counting bound");
  for (auto _ : bench) benchmark::DoNotOptimize(state->legal_moves_page(nullptr, 64));
}
BENCHMARK(BM_CaravanseraiMovesPage)->Unit(benchmark::kMillisecond);

void BM_CaravanseraiMovesPageWithPrefix(benchmark::State& bench) {
  const core::State* state = position();
  if (!state) return bench.SkipWithError("no caravanserai position past the counting bound");
  // The first two steps of the first listed path that has two, and any third.
  Document prefix;
  for (const Document& move : state->legal_moves_page(nullptr, 64).moves)
    if (const Document& path = move.at("path"); path.size() >= 2) {
      prefix = {{"path", Document::array({path.at(0), path.at(1), ""})}};
      break;
    }
  if (prefix.is_null()) return bench.SkipWithError("no listed path of two steps");
  for (auto _ : bench) benchmark::DoNotOptimize(state->legal_moves_page(prefix, 64));
}
BENCHMARK(BM_CaravanseraiMovesPageWithPrefix)->Unit(benchmark::kMillisecond);

void BM_CaravanseraiLegalMoves(benchmark::State& bench) {
  const core::State* state = position();
  if (!state) return bench.SkipWithError("no caravanserai position past the counting bound");
  for (auto _ : bench) benchmark::DoNotOptimize(state->legal_moves());
}
BENCHMARK(BM_CaravanseraiLegalMoves)->Unit(benchmark::kMillisecond);

}  // namespace
