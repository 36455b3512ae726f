#!/usr/bin/env bash
# One command, fresh Debian 12 to a green test run: installs what is missing, builds, runs every
# test (unit tests and end-to-end tests through CTest) and lints the man pages; then the
# hardening below.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
phase() { echo "== $1 ($(((SECONDS - started) / 60)) min $(((SECONDS - started) % 60)) s)"; }
# The Release build, with warnings as errors (.ci/build says why), and its tests.
bash .ci/build test
phase "built; the tests"
ctest --test-dir build --output-on-failure -j "$(nproc)"
for page in man/*.[0-9]; do
  out=$(mandoc -Tlint -W warning "$page" 2>&1) || true
  if [ -n "$out" ]; then echo "$out"; echo "man page lint failed: $page"; exit 1; fi
done
echo "man pages: clean"
phase "tested"

# Hardening: one clang build with AddressSanitizer, UndefinedBehaviorSanitizer and libFuzzer's
# coverage (cmake/Sanitizers.cmake), which makes both the test suite and the fuzz targets from
# the same objects. Every test runs again there, where any report fails (the slowest end-to-end
# scripts sample their long loops, a third of them: CARAVAN_E2E_SAMPLE, tests/e2e/lib.sh); then
# each fuzz target runs for a short while (CARAVAN_FUZZ_SECONDS, default 20). The benchmarks are
# not built there: they time the Release build, and their code paths are the tests' own.
# CARAVAN_HARDENING=0 leaves it out, for a quick run while working.
if [ "${CARAVAN_HARDENING:-1}" != 0 ]; then
  bash .ci/install-deps fuzz
  cmake -S . -B build-hardened -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCARAVAN_SANITIZE=ON -DCARAVAN_FUZZ=ON -DCARAVAN_WARNINGS_AS_ERRORS=OFF \
    -DCARAVAN_BUILD_BENCH=OFF >/dev/null
  cmake --build build-hardened -j "$(nproc)"
  phase "built with the sanitizers; the tests again"
  CARAVAN_E2E_SAMPLE=${CARAVAN_E2E_SAMPLE:-3} UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir build-hardened --output-on-failure -j "$(nproc)"
  phase "tested with the sanitizers; fuzzing"
  bash tests/fuzz/run.sh build-hardened "${CARAVAN_FUZZ_SECONDS:-20}"
fi
phase "done"
