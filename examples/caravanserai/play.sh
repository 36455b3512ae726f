#!/usr/bin/env bash
# Plays the sample Caravanserai game (3 players, seed 3, 94 turn files):
# examples/caravanserai/play.sh [BIN]
set -euo pipefail
here=$(dirname "$0")
exec bash "$here/../play.sh" "${1:-$here/../../build/caravan-ref}" "$here"
