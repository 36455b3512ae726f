#!/usr/bin/env bash
# One command, fresh Debian 12 to a green test run: installs what is missing, builds, runs every
# test (unit tests and end-to-end tests through CTest) and lints the man pages; then the
# hardening below.
set -euo pipefail
cd "$(dirname "$0")/.."
bash .ci/build test
# A user's Release build (-O3, where g++ 12 warns falsely in places -O2 does not, e.g. -Wrestrict
# on "literal" + temporary string) must build too: CI builds the binary alone that way, with
# warnings as errors (the CMake default for Release leaves them warnings, for other compilers).
cmake -S . -B build-release -DCMAKE_BUILD_TYPE=Release -DCARAVAN_WARNINGS_AS_ERRORS=ON \
  -DCARAVAN_BUILD_TESTS=OFF >/dev/null
cmake --build build-release -j "$(nproc)" --target caravan-ref
ctest --test-dir build --output-on-failure -j "$(nproc)"
for page in man/*.[0-9]; do
  out=$(mandoc -Tlint -W warning "$page" 2>&1) || true
  if [ -n "$out" ]; then echo "$out"; echo "man page lint failed: $page"; exit 1; fi
done
echo "man pages: clean"

# Hardening: every test again, built with AddressSanitizer and UndefinedBehaviorSanitizer, where
# any report fails (the slowest end-to-end scripts sample their long loops there, a third of them:
# CARAVAN_E2E_SAMPLE, tests/e2e/lib.sh); then each fuzz target for a short while
# (CARAVAN_FUZZ_SECONDS, default 20).
# CARAVAN_HARDENING=0 leaves it out, for a quick run while working.
if [ "${CARAVAN_HARDENING:-1}" != 0 ]; then
  cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCARAVAN_SANITIZE=ON >/dev/null
  cmake --build build-asan -j "$(nproc)"
  CARAVAN_E2E_SAMPLE=${CARAVAN_E2E_SAMPLE:-3} UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --test-dir build-asan --output-on-failure -j "$(nproc)"
  bash .ci/install-deps fuzz
  bash tests/fuzz/run.sh build-fuzz "${CARAVAN_FUZZ_SECONDS:-20}"
fi
