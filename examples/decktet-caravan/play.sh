#!/usr/bin/env bash
# Plays the sample Decktet Caravan game (one hand, seed 3): examples/decktet-caravan/play.sh [BIN]
set -euo pipefail
here=$(dirname "$0")
exec bash "$here/../play.sh" "${1:-$here/../../build/caravan-ref}" "$here"
