#!/usr/bin/env bash
# One command, fresh Debian 12 to a played game: installs what is missing, builds, and plays the
# sample Caravaneers game into the embedded default database (caravan.db here, or --db/$CARAVAN_REF_DB).
set -euo pipefail
cd "$(dirname "$0")/.."
bash .ci/build build
bash examples/caravaneers/play.sh build/caravan-ref
