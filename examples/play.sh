#!/usr/bin/env bash
# Plays a sample game from its folder: examples/play.sh BIN examples/<kind>
#
# The folder holds `new.args` (the arguments of `caravan-ref new` after the kind, one per line:
# players, options and the seed that makes the game repeatable) and `turns/NNN-PLAYER.yaml`, the
# turn files in the order they are sent. A turn file says `game: GAME` and `token: TOKEN`; the
# real game id and the player's secret token are put in when it is sent, as a player's mail
# client would. Each file is submitted; the views go under $OUT (default ./views). At the end the
# result is printed and the game is audited.
set -euo pipefail
bin=$(realpath "$1")
dir=$(realpath "$2")
kind=$(basename "$dir")
out=${OUT:-views}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mapfile -t args <"$dir/new.args"
"$bin" new "$kind" "${args[@]}" >"$work/new.yaml"
game=$(sed -n 's/^game: //p' "$work/new.yaml")
echo "game $game ($kind)"

token_of() {  # the token printed for a player at `new` (YAML: "- name: ann" ... "token: ...")
  awk -v who="$1" '/^ *- name: /{name=$3} /^ *token: /{if (name==who) print $2}' "$work/new.yaml"
}

for file in "$dir"/turns/*.yaml; do
  name=$(basename "$file" .yaml)
  player=${name#*-}
  token=$(token_of "$player")
  [ -n "$token" ] || { echo "no player '$player' in $dir/new.args" >&2; exit 1; }
  sed -e "s/^game: GAME$/game: $game/" -e "s/^token: TOKEN$/token: $token/" "$file" >"$work/turn.yaml"
  if ! "$bin" submit "$work/turn.yaml" --out "$out" >"$work/answer" 2>&1; then
    echo "turn file $file was refused:" >&2
    cat "$work/answer" >&2
    exit 1
  fi
  echo "  $(basename "$file"): accepted"
done
"$bin" --format text view "$game" --referee
"$bin" audit "$game" >/dev/null && echo "audit: the record replays to the same game"
