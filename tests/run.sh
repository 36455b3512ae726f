#!/usr/bin/env bash
# One command, fresh Debian 12 to a green test run: installs what is missing, builds, runs every
# test (unit tests and end-to-end tests through CTest) and lints the man pages.
set -euo pipefail
cd "$(dirname "$0")/.."
bash .ci/build
ctest --test-dir build --output-on-failure -j "$(nproc)"
for page in man/*.[0-9]; do
  out=$(mandoc -Tlint -W warning "$page" 2>&1) || true
  if [ -n "$out" ]; then echo "$out"; echo "man page lint failed: $page"; exit 1; fi
done
echo "man pages: clean"
