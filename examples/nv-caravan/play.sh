#!/usr/bin/env bash
# Plays the sample nv-caravan game (ann is North, bob South): examples/nv-caravan/play.sh [BIN]
set -euo pipefail
here=$(dirname "$0")
exec bash "$here/../play.sh" "${1:-$here/../../build/caravan-ref}" "$here"
