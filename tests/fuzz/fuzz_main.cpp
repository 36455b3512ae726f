// One libFuzzer executable per target: CARAVAN_FUZZ_TARGET names it (see CMakeLists.txt here).
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "targets.hpp"

namespace {

fuzz::Function chosen() {
  for (const auto& target : fuzz::targets())
    if (std::strcmp(target.name, CARAVAN_FUZZ_TARGET) == 0) return target.run;
  std::fprintf(stderr, "no fuzz target %s in this build\n", CARAVAN_FUZZ_TARGET);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const fuzz::Function run = chosen();
  run(data, size);
  return 0;
}
