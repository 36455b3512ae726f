#!/usr/bin/env bash
# Packaging: `cpack -G DEB` on this build directory makes a .deb whose dependencies are the
# shared libraries the binary and its mail helper link; unpacked into a scratch root it holds the
# binary, the helper, every man page and both completions, and its caravan-ref runs `games`,
# `--version` and `mail` (which runs the helper from the installed place) from there.
source "$(dirname "$0")/lib.sh" "$@"
BUILD=$(cd "$(dirname "$BIN")" && pwd)
for tool in cpack dpkg-deb dpkg-shlibdeps; do
  command -v "$tool" >/dev/null || { echo "skipped: needs $tool (bash .ci/install-deps test)"; rm -rf "$WORK"; exit 77; }
done

expect_exit 0 "cpack -G DEB" -- cpack -G DEB --config "$BUILD/CPackConfig.cmake" -B "$WORK/pkg"
DEB=$(ls "$WORK"/pkg/caravan-ref_*.deb 2>/dev/null | head -1)
[ -n "$DEB" ] || { echo "FAIL: no .deb made"; sed 's/^/  | /' "$WORK/out" | tail -20; exit 1; }
expect_exit 0 "dpkg-deb --field" -- dpkg-deb --field "$DEB" Package Version Depends
expect_in out "Package: caravan-ref" "the package's name"
expect_in out "Version: $("$BIN" --version | sed -n 's/^caravan-ref //p')" "the version of the binary"
# Every library as Debian ships it, the helper's GMime and librsvg among them.
for lib in libc6 libstdc++6 libsqlite3-0 libyaml-cpp0.7 libsodium23 libfmt9 libglib2.0-0 \
  libgmime-3.0 librsvg2-2; do
  expect_in out "$lib" "Depends names $lib"
done

expect_exit 0 "dpkg-deb -x into a scratch root" -- dpkg-deb -x "$DEB" "$WORK/root"
ROOT="$WORK/root/usr"
expect_exit 0 "the installed caravan-ref games" -- "$ROOT/bin/caravan-ref" --db "$WORK/pkg.db" games
expect_in out "kind: caravaneers" "games from the installed binary names the engines"
expect_exit 0 "the installed caravan-ref --version" -- "$ROOT/bin/caravan-ref" --version
expect_in out "database schema: " "--version names the schema version"
expect_in out "engines: caravaneers" "--version names the engines built"
HELPER=$(find "$WORK/root" -name caravan-ref-mail | head -1)
[ -n "$HELPER" ] && PASSED=$((PASSED + 1)) || { FAILED=$((FAILED + 1)); echo "FAIL: no mail helper in the package"; }
printf 'From: Ann <ann@example.org>\nSubject: hello\nMessage-ID: <pkg-1@example.org>\n\nHow do I play?\n' >hello.eml
expect_exit 0 "the installed caravan-ref mail (runs its helper)" -- \
  "$ROOT/bin/caravan-ref" --db "$WORK/pkg.db" mail --outbox "$WORK/outbox" --from "Referee <ref@example.org>" <hello.eml
[ -n "$(ls "$WORK/outbox/new" 2>/dev/null)" ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: the installed mail command answered nothing"; }
for page in "$SRC"/man/*.[1-9]; do
  name=$(basename "$page")
  expect_in <(ls "$ROOT/share/man/man${name##*.}") "$name" "the package holds $name"
done
expect_in <(ls "$ROOT/share/bash-completion/completions") caravan-ref "the bash completion"
expect_in <(ls "$ROOT/share/zsh/vendor-completions") _caravan-ref "the zsh completion"
expect_in <(ls "$ROOT/share/doc/caravan-ref") LICENSE "the licence"
finish
