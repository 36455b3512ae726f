// Every fuzz target on its seed corpus and on every input that once broke it, in each ordinary
// test run (and so under the sanitizers in CI): a crash found by fuzzing stays fixed.
// Inputs live in tests/fuzz/corpus/<target>/ and tests/fuzz/regressions/<target>/.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "targets.hpp"

namespace {

namespace fs = std::filesystem;

std::vector<fs::path> inputs_of(const std::string& target) {
  std::vector<fs::path> files;
  for (const char* kind : {"corpus", "regressions"}) {
    const fs::path dir = fs::path(CARAVAN_FUZZ_DIR) / kind / target;
    if (!fs::is_directory(dir)) continue;
    for (const auto& entry : fs::directory_iterator(dir))
      if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string read_bytes(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << file.rdbuf();
  return bytes.str();
}

class FuzzReplay : public ::testing::TestWithParam<fuzz::Target> {};

// Fast: an input that hangs the target runs into the test's CTest TIMEOUT (tests/CMakeLists.txt).
TEST_P(FuzzReplay, EverySeedAndEveryInputThatOnceBrokeTheTargetRunsCleanAndFast) {
  const auto files = inputs_of(GetParam().name);
  EXPECT_FALSE(files.empty()) << "no seed corpus for " << GetParam().name;
  for (const auto& file : files) {
    SCOPED_TRACE(file.string());
    const std::string bytes = read_bytes(file);
    const std::size_t contained_before = fuzz::contained_engine_errors();
    GetParam().run(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    // Here every engine promise is held, as CARAVAN_FUZZ_STRICT=1 holds it in a fuzz run
    // (CARAVAN_FUZZ_VERBOSE=1 prints which).
    EXPECT_EQ(fuzz::contained_engine_errors(), contained_before)
        << "an engine broke a promise of the interface on this input";
  }
}

INSTANTIATE_TEST_SUITE_P(EveryTarget, FuzzReplay, ::testing::ValuesIn(fuzz::targets()),
                         [](const ::testing::TestParamInfo<fuzz::Target>& param) {
                           return std::string(param.param.name);
                         });

}  // namespace
