#!/usr/bin/env bash
# One command, fresh Debian 12 to a green test run: installs what is missing, builds, runs every
# test (unit tests and end-to-end tests through CTest) and lints the man pages; then the
# hardening below.
set -euo pipefail
cd "$(dirname "$0")/.."
bash .ci/build
ctest --test-dir build --output-on-failure -j "$(nproc)"
for page in man/*.[0-9]; do
  out=$(mandoc -Tlint -W warning "$page" 2>&1) || true
  if [ -n "$out" ]; then echo "$out"; echo "man page lint failed: $page"; exit 1; fi
done
echo "man pages: clean"

# Hardening: every test again, built with AddressSanitizer and UndefinedBehaviorSanitizer, where
# any report fails; then each fuzz target for a short while (CARAVAN_FUZZ_SECONDS, default 20).
# CARAVAN_HARDENING=0 leaves it out, for a quick run while working.
if [ "${CARAVAN_HARDENING:-1}" != 0 ]; then
  cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCARAVAN_SANITIZE=ON >/dev/null
  cmake --build build-asan -j "$(nproc)"
  UBSAN_OPTIONS=print_stacktrace=1 ctest --test-dir build-asan --output-on-failure -j "$(nproc)"
  bash tests/fuzz/run.sh build-fuzz "${CARAVAN_FUZZ_SECONDS:-20}"
fi
