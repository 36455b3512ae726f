#!/usr/bin/env bash
# tests/pg/cluster.sh COMMAND [ARG...]: runs COMMAND with a throwaway PostgreSQL cluster of its
# own, then stops the cluster and removes it, whatever COMMAND did; exits with COMMAND's status.
# COMMAND finds the database's URL in CARAVAN_REF_TEST_PG_URL (and its data directory in
# CARAVAN_REF_TEST_PG_DIR). The cluster is made by initdb in a temporary directory and listens on
# a Unix socket in that directory alone (no TCP port, so no clash with any other server or test);
# its database `caravan` is made as caravan-ref asks (SQL_ASCII, the C locale). initdb refuses to
# run as root: as root, the cluster runs as the user nobody. Exits 77 (skipped) where PostgreSQL's
# server is not installed (Debian's postgresql-15: .ci/install-deps test).
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: tests/pg/cluster.sh COMMAND [ARG...]" >&2; exit 64; }
bin=""
for dir in /usr/lib/postgresql/15/bin $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -rV); do
  if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then bin=$dir; break; fi
done
if [ -z "$bin" ]; then
  echo "cluster.sh: PostgreSQL's server (initdb, pg_ctl) is not installed; skipped" >&2
  exit 77
fi
as=()
if [ "$(id -u)" -eq 0 ]; then as=(runuser -u nobody --); fi
dir=$(mktemp -d /tmp/caravan-pg.XXXXXX)
chmod 755 "$dir"
mkdir "$dir/data"
[ ${#as[@]} -eq 0 ] || chown nobody "$dir" "$dir/data"
stop() {
  "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT
trap 'exit 143' TERM INT
# trust on the socket alone: the directory is this run's, and nothing listens on TCP.
"${as[@]}" "$bin/initdb" -D "$dir/data" -U caravan -A trust -E SQL_ASCII --locale=C \
  >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
# fsync stays on: the tests of durability mean what they say; more connections than the default
# for the stress test's processes.
"${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
  -o "-c listen_addresses= -k $dir -c max_connections=200" start >/dev/null ||
  { cat "$dir/server.log" >&2; exit 1; }
"$bin/psql" -q -h "$dir" -U caravan -d postgres -c 'CREATE DATABASE caravan' >/dev/null
export CARAVAN_REF_TEST_PG_URL="postgresql://caravan@/caravan?host=$dir"
export CARAVAN_REF_TEST_PG_DIR=$dir
set +e
"$@"
status=$?
set -e
exit $status
