#!/usr/bin/env bash
# serve's live pages in Chromium (tests/browser/serve.py), with Debian's python3 and its
# python3-selenium where another python3 comes first on PATH.
#   serve.sh CARAVAN_REF SOURCE_DIR
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
exec "$PY" "$(dirname "$0")/serve.py" "$@"
