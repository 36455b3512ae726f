// Helpers shared by the suites that run over every registered engine.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/engine.hpp"

namespace engine_testing {

using Options = std::map<std::string, std::string>;

// A test name for an engine ("nv-caravan" -> "nv_caravan").
std::string engine_name(const ::testing::TestParamInfo<const core::Engine*>& info);

// The configurations a shared suite plays: the defaults, then each enumerated value of each
// option on its own (from OptionInfo::values such as "true|false" or "5|6"). An engine joins the
// suites with its options, by registration alone.
std::vector<Options> configurations(const core::Engine& engine);

// Every player count the engine takes.
std::vector<int> player_counts(const core::Engine& engine);

// Counts how often a suite's tests are repeated: CARAVAN_SUITE_SCALE (default 1) multiplies the
// number of random games, for long soak runs.
int scale();

// The move a random game makes next: the forced move if there is one, else one of the legal
// moves picked by `chooser`; nullopt when there is neither (an engine bug the caller reports).
std::optional<core::Document> random_move(const core::State& state, core::Rng& chooser);

// A label for failure messages: "nv-caravan, 2 players, jokers=1, seed 7".
std::string describe(const core::Engine& engine, int players, const Options& options,
                     std::uint64_t seed);

}  // namespace engine_testing
