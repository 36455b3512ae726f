#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (CARAVAN_FUZZ=ON) and runs each one for a while.
#   bash tests/fuzz/run.sh [BUILD_DIR [SECONDS [TARGET...]]]
# Defaults: build-fuzz, 20 seconds, every target. A BUILD_DIR already configured with the fuzz
# targets (tests/run.sh's build-hardened, which builds them beside the test suite) is used as it
# is; any other is configured for fuzzing alone. Each target starts from its seed corpus
# (tests/fuzz/corpus/<target>/, never written to) and keeps what it learns in
# BUILD_DIR/corpus/<target>/, so a second run goes on from there. A crash stops the run with
# exit 1 and leaves the input in BUILD_DIR/artifacts/: add it to tests/fuzz/regressions/<target>/
# so that the test suite replays it from then on. Prints the executions of each target.
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build-fuzz}
seconds=${2:-20}
shift $(($# > 2 ? 2 : $#))

if ! grep -qs '^CARAVAN_FUZZ:BOOL=ON' "$build/CMakeCache.txt"; then
  cmake -S . -B "$build" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCARAVAN_FUZZ=ON -DCARAVAN_BUILD_TESTS=OFF -DCARAVAN_WARNINGS_AS_ERRORS=OFF >/dev/null
fi
targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets <"$build/fuzz-targets.txt"
cmake --build "$build" -j "$(nproc)" --target "${targets[@]/#/fuzz-}"

mkdir -p "$build/artifacts"
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
# Engine bugs the referee would contain fail the run too; CARAVAN_FUZZ_STRICT=0 hunts crashes only.
export CARAVAN_FUZZ_STRICT=${CARAVAN_FUZZ_STRICT:-1}
for target in "${targets[@]}"; do
  mkdir -p "$build/corpus/$target"
  log="$build/fuzz-$target.log"
  echo "fuzz-$target: $seconds s"
  # An input slower than 30 s stops the run without failing it (see tests/fuzz/open/ for the
  # known ones); crashes, sanitizer reports, broken promises and running out of memory fail it.
  if ! "$build/fuzz-$target" -max_total_time="$seconds" -timeout=30 -timeout_exitcode=0 \
    -rss_limit_mb=2048 \
    -max_len=8192 -print_final_stats=1 -artifact_prefix="$build/artifacts/$target-" \
    "$build/corpus/$target" "tests/fuzz/corpus/$target" >"$log" 2>&1; then
    tail -60 "$log"
    echo "fuzz-$target: FAILED (input in $build/artifacts/)"
    exit 1
  fi
  if grep -q "libFuzzer: timeout" "$log"; then
    echo "fuzz-$target: stopped early at an input slower than 30 s (in $build/artifacts/)"
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  echo "fuzz-$target: ${runs:-?} executions, no crash"
done
