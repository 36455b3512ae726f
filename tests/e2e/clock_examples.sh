#!/usr/bin/env bash
# examples/clock/ as Debian runs it: the crontab's command line exactly as cron runs it (its
# environment lines as cron reads them, over cron's own SHELL=/bin/sh and PATH=/usr/bin:/bin,
# then `sh -c LINE`), with the binary where the example says (/usr/local/bin/caravan-ref) and the
# database where it says (/var/lib/caravan/games.db). The systemd service's ExecStart runs the
# same way with its Environment= lines. Each runs in a private mount namespace (unshare -m): those
# two directories, and a stand-in for /usr/sbin/sendmail that keeps its arguments and the message,
# are mounted there alone, so the machine is left as it was. The clock has work to do (a deadline
# an hour past), and its mail must go out with the referee's address as the envelope sender
# (`-f`, issue 62). Needs root and unshare: skipped (77) otherwise.
source "$(dirname "$0")/lib.sh" "$@"
export PATH="$PATH:/usr/sbin:/sbin"
skip() {
  echo "skipped: $*"
  rm -rf "$WORK"
  exit 77
}
[ "$(id -u)" -eq 0 ] || skip "needs root (a private mount namespace)"
command -v unshare >/dev/null || skip "needs unshare (util-linux)"
unshare -m true 2>/dev/null || skip "unshare -m is not allowed here"
[ -d /usr/local/bin ] && [ -d /var/lib ] || skip "no /usr/local/bin or /var/lib to mount over"
CLOCK="$SRC/examples/clock"
chmod 755 "$WORK"

# The stand-in sendmail: each call's arguments, one a line, in args-N, and its message in mail-N.
mkdir -p "$WORK/sbin" "$WORK/local-bin" "$WORK/var-lib/caravan"
cat >"$WORK/sbin/sendmail" <<EOF
#!/bin/sh
n=\$(ls "$WORK"/args-* 2>/dev/null | wc -l)
printf '%s\n' "\$@" >"$WORK/args-\$n"
cat >"$WORK/mail-\$n"
EOF
chmod 755 "$WORK/sbin/sendmail"
ln -s "$BIN" "$WORK/local-bin/caravan-ref"  # "installed or linked": a link, as after `make install`

# cron_env FILE: the crontab's environment lines as cron takes them (NAME = VALUE, the value's
# enclosing quotes taken off), one NAME=VALUE a line.
cron_env() {
  sed -n -E 's/^[[:space:]]*([A-Za-z_][A-Za-z0-9_]*)[[:space:]]*=[[:space:]]*(.*)$/\1=\2/p' "$1" |
    sed -E "s/^([^=]*)=\"(.*)\"\$/\1=\2/; s/^([^=]*)='(.*)'\$/\1=\2/"
}
# The crontab's one job: its command, after the five time fields.
cron_command() { grep -vE '^[[:space:]]*(#|$|[A-Za-z_][A-Za-z0-9_]*[[:space:]]*=)' "$1" | sed -E 's/^([^[:space:]]+[[:space:]]+){5}//'; }
# unit_env FILE: the service's Environment= lines, one NAME=VALUE a line (the quotes taken off).
unit_env() { sed -n -E 's/^Environment=//p' "$1" | sed -E 's/^"(.*)"$/\1/'; }
unit_command() { sed -n 's/^ExecStart=//p' "$1"; }

# in_namespace COMMAND...: runs COMMAND with the examples' directories and the stand-in mounted.
in_namespace() {
  unshare -m bash -c '
    mount --bind "$1/local-bin" /usr/local/bin &&
      mount -t tmpfs tmpfs /var/lib && mkdir -p /var/lib/caravan &&
      { [ -e /usr/sbin/sendmail ] && mount --bind "$1/sbin/sendmail" /usr/sbin/sendmail ||
        mount --bind "$1/sbin" /usr/sbin; } || exit 99
    shift; exec "$@"' namespace "$WORK" "$@"
}

run_example() {  # run_example NAME ENV_FILE COMMAND: a game past its deadline, then the example
  local name=$1 env_file=$2 command=$3
  rm -f "$WORK"/args-* "$WORK"/mail-*
  mapfile -t assignments <"$env_file"
  cat >"$WORK/job.sh" <<EOF
/usr/local/bin/caravan-ref --db /var/lib/caravan/games.db --now "$(date -u -d '-3 hours' +%Y-%m-%dT%H:%M:%SZ)" \\
  new caravaneers --player "Ann <ann@example.org>" --player "Bob <bob@example.org>" --deadline 1h \\
  --nmr forfeit:1 >/dev/null || exit 98
exec env -i PATH=/usr/bin:/bin SHELL=/bin/sh HOME=/root LOGNAME=root $(printf '%q ' "${assignments[@]}") sh -c $(printf '%q' "$command")
EOF
  in_namespace sh "$WORK/job.sh" >"$WORK/out" 2>"$WORK/err"
  local got=$?
  if [ "$got" -eq 0 ]; then PASSED=$((PASSED + 1)); else
    FAILED=$((FAILED + 1)); echo "FAIL: $name: '$command' exited $got"; sed 's/^/  err: /' "$WORK/err" | head; return; fi
  expect_in "$WORK/out" "action: forfeit" "$name: the clock applied the NMR policy"
  local sent
  sent=$(ls "$WORK"/args-* 2>/dev/null | wc -l)
  [ "$sent" -ge 2 ] && PASSED=$((PASSED + 1)) ||
    { FAILED=$((FAILED + 1)); echo "FAIL: $name: $sent mails handed to sendmail, wanted one a player"; return; }
  for args in "$WORK"/args-*; do
    [ "$(tr '\n' ' ' <"$args")" = "-t -i -f referee@games.example.org " ] && PASSED=$((PASSED + 1)) ||
      { FAILED=$((FAILED + 1)); echo "FAIL: $name: sendmail was given: $(tr '\n' ' ' <"$args")"; }
  done
  expect_in "$WORK/mail-0" "From: Caravan Referee <referee@games.example.org>" "$name: the mail is from the referee's address"
}

cron_env "$CLOCK/crontab" >"$WORK/cron.env"
expect_in "$WORK/cron.env" "CARAVAN_REF_FROM=Caravan Referee <referee@games.example.org>" "the crontab sets the referee's address"
[ "$(cron_command "$CLOCK/crontab" | wc -l)" -eq 1 ] && PASSED=$((PASSED + 1)) ||
  { FAILED=$((FAILED + 1)); echo "FAIL: the crontab does not hold exactly one job"; }
run_example crontab "$WORK/cron.env" "$(cron_command "$CLOCK/crontab")"

unit_env "$CLOCK/caravan-ref-tick.service" >"$WORK/unit.env"
run_example "the systemd service" "$WORK/unit.env" "$(unit_command "$CLOCK/caravan-ref-tick.service")"
if command -v systemd-analyze >/dev/null; then
  # The units as systemd reads them, with the binary they name there (a unit that names a missing
  # or non-executable command, or a wrong key, fails).
  expect_exit 0 "systemd-analyze verify of the service and the timer" -- in_namespace \
    systemd-analyze verify "$CLOCK/caravan-ref-tick.service" "$CLOCK/caravan-ref-tick.timer"
fi
finish
