#!/usr/bin/env bash
# Every man page renders whole under both renderers people use: mandoc, and groff as `man -l`
# runs it. The words of each rendering (lines long enough that neither hyphenates; the header
# and footer lines, which name the OS differently, left out) must be the same set: a word one
# renderer swallows, as groff once swallowed "Me" (a name it took for a macro), fails here.
source "$(dirname "$0")/lib.sh" "$@"
for tool in mandoc groff col; do
  command -v "$tool" >/dev/null ||
    { echo "skipped: needs $tool (bash .ci/install-deps test)"; rm -rf "$WORK"; exit 77; }
done
words() { col -b | sed '1d;$d' | tr -s '[:space:]' '\n' | sed 's/[^[:alnum:]]//g' | grep -v '^$' | sort -u; }
for page in "$SRC"/man/*.[0-9]; do
  name=$(basename "$page")
  mandoc -Tutf8 -O width=900 "$page" | words >"$name.mandoc"
  groff -man -Tutf8 -rLL=900n -P-cbou "$page" 2>"$name.groff-errors" | words >"$name.groff"
  if [ "$(wc -l <"$name.mandoc")" -lt 100 ]; then
    FAILED=$((FAILED + 1)); echo "FAIL: $name: mandoc rendered almost nothing"; continue
  fi
  if diff "$name.mandoc" "$name.groff" >"$name.diff"; then PASSED=$((PASSED + 1)); else
    FAILED=$((FAILED + 1))
    echo "FAIL: $name renders differently (< mandoc only, > groff only):"
    sed 's/^/  /' "$name.diff" | head -20
  fi
  # A quotation opened inside another that is not closed first renders nested ('a, 'b'') when
  # an mdoc quoting macro swallows the next one as its argument: each must close before the next.
  if mandoc -Tutf8 -O width=900 "$page" | col -b | grep -n "‘[^’]*‘" >"$name.nested"; then
    FAILED=$((FAILED + 1)); echo "FAIL: $name: nested quotes:"; sed 's/^/  /' "$name.nested" | head
  else PASSED=$((PASSED + 1)); fi
  if [ -s "$name.groff-errors" ]; then
    FAILED=$((FAILED + 1)); echo "FAIL: groff warns on $name:"; sed 's/^/  /' "$name.groff-errors" | head
  else PASSED=$((PASSED + 1)); fi
done
finish
