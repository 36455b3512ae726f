#!/usr/bin/env bash
# A full disk is a temporary failure (75) whatever room is left, and records nothing (issue 41):
# a small tmpfs in a mount namespace of its own, filled to several levels. Needs root (mount).
source "$(dirname "$0")/lib.sh" "$@"
if [ "$(id -u)" -ne 0 ] || ! unshare -m true 2>/dev/null; then
  echo "skipped: needs root and mount namespaces"; rm -rf "$WORK"; exit 77
fi
mkdir -p small
unshare -m bash -s "$BIN" "$WORK/small" <<'INNER' >result.txt 2>&1
BIN=$1 DIR=$2
mount -t tmpfs -o size=2m tmpfs "$DIR" || exit 1
export CARAVAN_REF_DB="$DIR/games.db" CARAVAN_REF_NOW=2026-03-01T09:00:00Z
"$BIN" new caravaneers --player ann --player bob --seed 3 >"$DIR/../new.yaml" || exit 1
game=$(sed -n 's/^game: //p' "$DIR/../new.yaml")
token=$(grep -A3 'name: ann' "$DIR/../new.yaml" | sed -n 's/ *token: //p')
move=$("$BIN" moves "$game" --player ann --limit 1 | sed -n 's/^  - //p' | head -1)
printf 'game: "%s"\nplayer: ann\nturn: 1\ntoken: %s\nmoves:\n  - %s\n' "$game" "$token" "$move" \
  >"$DIR/../turn.yaml"
for free in 0 1 4 8 16 24 32 48; do
  rm -f "$DIR/fill"
  # Fill all but `free` KiB: one large block, then what fits, a KiB at a time.
  dd if=/dev/zero of="$DIR/fill" bs=1k count=4096 2>/dev/null
  if [ "$free" -gt 0 ]; then truncate -s "-${free}K" "$DIR/fill"; fi
  "$BIN" submit "$DIR/../turn.yaml" >/dev/null 2>"$DIR/../err"
  code=$?
  echo "free=$free exit=$code $(head -1 "$DIR/../err")"
  [ $code -eq 0 ] && break
done
rm -f "$DIR/fill"
"$BIN" view "$game" --referee | sed -n 's/^turn: /turn: /p'
INNER
cat result.txt
while read -r line; do
  case "$line" in
    free=*" exit=0 "* | free=*" exit=75 "*) PASSED=$((PASSED + 1)) ;;
    free=*) FAILED=$((FAILED + 1)); echo "FAIL: a full disk gave another code: $line" ;;
  esac
done <result.txt
grep -q "exit=75" result.txt && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: the full disk never refused the turn"; }
finish
