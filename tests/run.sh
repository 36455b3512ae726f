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

# Hardening: every test again, built with AddressSanitizer and UndefinedBehaviorSanitizer, where
# any report fails (the slowest end-to-end scripts sample their long loops there, a third of them:
# CARAVAN_E2E_SAMPLE, tests/e2e/lib.sh); then each fuzz target for a short while
# (CARAVAN_FUZZ_SECONDS, default 20).
# CARAVAN_HARDENING=0 leaves it out, for a quick run while working.
if [ "${CARAVAN_HARDENING:-1}" != 0 ]; then
  cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCARAVAN_SANITIZE=ON >/dev/null
  cmake --build build-asan -j "$(nproc)"
  phase "built with the sanitizers; the tests again"
  CARAVAN_E2E_SAMPLE=${CARAVAN_E2E_SAMPLE:-3} UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir build-asan --output-on-failure -j "$(nproc)"
  phase "tested with the sanitizers; fuzzing"
  bash .ci/install-deps fuzz
  bash tests/fuzz/run.sh build-fuzz "${CARAVAN_FUZZ_SECONDS:-20}"
fi
phase "done"
