// How fast the turn-file reader refuses hostile input (tests/unit/limits_test.cpp checks what it
// says; the time is here, as a figure, not as a test). Run:
// build/bench/caravan-ref-bench --benchmark_filter=HostileTurnFile
#include <string>

#include <benchmark/benchmark.h>

#include "core/errors.hpp"
#include "turnfile/turnfile.hpp"
#include "unit/turn_file.hpp"

namespace {

// The header of a turn file; the benchmarks write the hostile rest by hand.
const std::string kHead = TurnFile("g", "ann", 1).token("t");

void refuse(benchmark::State& state, const std::string& text) {
  for (auto _ : state) {
    try {
      turnfile::parse(text, "turn.yaml");
      state.SkipWithError("accepted");
    } catch (const core::UserError& e) {
      benchmark::DoNotOptimize(e.what());
    }
  }
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(text.size()));
}

void BM_HostileTurnFileFlowNesting(benchmark::State& state) {
  refuse(state, kHead + "moves:\n  - " + std::string(200000, '['));
}
BENCHMARK(BM_HostileTurnFileFlowNesting)->Unit(benchmark::kMillisecond);

void BM_HostileTurnFileBlockNesting(benchmark::State& state) {
  std::string text = kHead + "moves:\n  ";
  for (int i = 0; i < 2000; ++i) text += "- ";
  refuse(state, text + "x\n");
}
BENCHMARK(BM_HostileTurnFileBlockNesting)->Unit(benchmark::kMillisecond);

void BM_HostileTurnFileBillionLaughs(benchmark::State& state) {
  std::string text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
  for (int level = 1; level <= 9; ++level) {
    text += "a" + std::to_string(level) + ": &a" + std::to_string(level) + " [";
    for (int i = 0; i < 9; ++i) text += (i ? ", *a" : "*a") + std::to_string(level - 1);
    text += "]\n";
  }
  refuse(state, text);
}
BENCHMARK(BM_HostileTurnFileBillionLaughs)->Unit(benchmark::kMillisecond);

}  // namespace
