#include "engine_testing.hpp"

#include <cstdlib>

#include <fmt/format.h>

namespace engine_testing {

std::string engine_name(const ::testing::TestParamInfo<const core::Engine*>& info) {
  std::string name = info.param->id();
  for (char& c : name)
    if (c == '-') c = '_';
  return name;
}

std::vector<Options> configurations(const core::Engine& engine) {
  std::vector<Options> configs = {{}};
  for (const auto& option : engine.options()) {
    const std::string& values = option.values;
    if (values.find('|') == std::string::npos) continue;
    std::size_t start = 0;
    while (start <= values.size()) {
      const std::size_t bar = values.find('|', start);
      const std::string value = values.substr(start, bar - start);
      if (!value.empty() && value != option.fallback) configs.push_back({{option.name, value}});
      if (bar == std::string::npos) break;
      start = bar + 1;
    }
  }
  return configs;
}

std::vector<int> player_counts(const core::Engine& engine) {
  std::vector<int> counts;
  for (int n = engine.min_players(); n <= engine.max_players(); ++n) counts.push_back(n);
  return counts;
}

int scale() {
  const char* text = std::getenv("CARAVAN_SUITE_SCALE");
  const int value = text ? std::atoi(text) : 1;
  return value > 0 ? value : 1;
}

std::optional<core::Document> random_move(const core::State& state, core::Rng& chooser) {
  if (auto forced = state.forced_move()) return forced;
  const auto moves = state.legal_moves();
  if (moves.empty()) return std::nullopt;
  return moves[chooser.below(moves.size())];
}

std::string describe(const core::Engine& engine, int players, const Options& options,
                     std::uint64_t seed) {
  std::string text = fmt::format("{}, {} players", engine.id(), players);
  for (const auto& [key, value] : options) text += fmt::format(", {}={}", key, value);
  return text + fmt::format(", seed {}", seed);
}

}  // namespace engine_testing
