#!/usr/bin/env bash
# Plays the sample Huber's Caravan game (3 players, short game, seed 3; 62 turn files, some of
# which keep the turn open with `end: false` after a refill): examples/huber-caravan/play.sh [BIN]
set -euo pipefail
here=$(dirname "$0")
exec bash "$here/../play.sh" "${1:-$here/../../build/caravan-ref}" "$here"
