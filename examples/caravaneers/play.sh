#!/usr/bin/env bash
# Plays the sample Caravaneers game (54 turn files, seed 1): examples/caravaneers/play.sh [BIN]
set -euo pipefail
here=$(dirname "$0")
exec bash "$here/../play.sh" "${1:-$here/../../build/caravan-ref}" "$here"
