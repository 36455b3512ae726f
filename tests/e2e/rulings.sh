#!/usr/bin/env bash
# Every ruling id that code, tests or manual pages cite (issue 20) is defined in the project's
# ruling documents, docs/rules/<kind>.md; nothing points to rule texts outside the repository.
# Fails on an undefined, misplaced or doubly defined id, or a stale path; then reports (without
# failing) the defined rulings that no test names.
source "$(dirname "$0")/lib.sh" "$@"
RULES="$SRC/docs/rules"
fail() { FAILED=$((FAILED + 1)); echo "FAIL: $*"; }

# The ruling families, as the table of docs/rules/README.md gives them, one a document:
# "| `nv-caravan` | ... | [nv-caravan.md](nv-caravan.md) (NV) | ...". Every engine the binary
# knows (`caravan-ref games`) has its row.
declare -A DOC=()
FAMILIES=()
while read -r kind family; do DOC[$family]=$kind; FAMILIES+=("$family"); done < <(
  perl -ne 'print "$1 $2\n" if /^\| `([a-z0-9-]+)` \|.*\]\(\1\.md\) \(([A-Z]{2})\)/' \
    "$RULES/README.md")
list_kinds
for kind in "${KINDS[@]}"; do
  if printf '%s\n' "${DOC[@]}" | grep -qx -- "$kind"; then PASSED=$((PASSED + 1))
  else fail "docs/rules/README.md has no row for $kind, with its ruling family"; fi
done
# An id: a family, an optional hyphen (test names write NV7_ for NV-7), an optional D (the
# referee's decisions), a number; never inside a longer word or number.
ID="(?<![A-Za-z0-9])($(IFS='|'; echo "${FAMILIES[*]}"))-?D?[0-9]+(?![0-9])"
normalise() { sed -E 's/^([A-Z]{2})-?(D?[0-9]+)$/\1-\2/'; }

# Defined: a heading "### ID title" in the document of the id's engine, once.
declare -A DEFINED=()
for family in "${!DOC[@]}"; do
  doc="$RULES/${DOC[$family]}.md"
  if [ ! -f "$doc" ]; then fail "no ruling document ${doc#"$SRC"/}"; continue; fi
  while read -r id; do
    if [ "${id%%-*}" != "$family" ]; then fail "$id is defined in ${doc#"$SRC"/}, not its engine's"
    elif [ -n "${DEFINED[$id]:-}" ]; then fail "$id is defined twice"
    else DEFINED[$id]=1; PASSED=$((PASSED + 1)); fi
  done < <(grep -oP "^### \K$ID" "$doc" | normalise)
done
[ "${#DEFINED[@]}" -gt 0 ] || fail "no ruling defined under $RULES"

# Cited: every id anywhere in src/, tests/ and man/ (the fuzz inputs are data, not citations).
scan() {
  grep -rnoIP "$ID" "$@" --exclude-dir=corpus --exclude-dir=regressions
}
while IFS=: read -r file line id; do
  if [ -z "${DEFINED[$id]:-}" ]; then fail "${file#"$SRC"/}:$line cites $id, defined nowhere"
  else PASSED=$((PASSED + 1)); fi
done < <(scan "$SRC/src" "$SRC/tests" "$SRC/man" | sed -E 's/:([A-Z]{2})-?(D?[0-9]+)$/:\1-\2/')

# No pointer to a rule text or a notes file outside the repository (patterns built in pieces so
# that this file does not match itself).
stale="/work""/|shared/""seeds|RULES""-NOTES"
while read -r hit; do fail "points outside the repository: ${hit#"$SRC"/}"; done \
  < <(grep -rnIE "$stale" "$SRC/src" "$SRC/tests" "$SRC/man" "$SRC/docs" "$SRC/README.md" \
    --exclude-dir=corpus --exclude-dir=regressions)

# Each manual page and the README point to the ruling document.
for family in "${!DOC[@]}"; do
  kind=${DOC[$family]}
  for file in "man/caravan-ref-$kind.6" README.md; do
    if grep -qF "docs/rules/$kind.md" "$SRC/$file"; then PASSED=$((PASSED + 1))
    else fail "$file does not point to docs/rules/$kind.md"; fi
  done
done

# Report: defined rulings that no test names. A test names a ruling in a test file; a range
# such as "NV-1..NV-11" in a header names none of them.
range="$ID *(\\.\\.|to|–) *$ID"
declare -A NAMED=()
while read -r id; do NAMED[$id]=1; done < <(
  find "$SRC/src" "$SRC/tests" -type f \( -name '*_test.cpp' -o -name '*_testing.hpp' \
    -o -path "$SRC/tests/unit/*" -o -path "$SRC/tests/e2e/*" -o -path "$SRC/tests/mail/*" \) \
    ! -path "$SRC/tests/e2e/rulings.sh" -print0 |
    xargs -0 perl -ne "s/$range//g; print \"\$&\\n\" while /$ID/g" | normalise | sort -u)
for family in "${FAMILIES[@]}"; do
  defined=0
  unnamed=()
  for id in $(printf '%s\n' "${!DEFINED[@]}" | grep "^$family-" | sort -V); do
    defined=$((defined + 1))
    [ -n "${NAMED[$id]:-}" ] || unnamed+=("$id")
  done
  echo "rulings $family (${DOC[$family]}): $defined defined, ${#unnamed[@]} named by no test${unnamed:+: ${unnamed[*]}}"
done
finish
