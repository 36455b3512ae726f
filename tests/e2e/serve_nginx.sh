#!/usr/bin/env bash
# examples/serve/: the nginx site passes `nginx -t` (with a throw-away certificate in place of the
# real one, in a configuration of its own: nothing of the system's nginx is read or changed), and
# the systemd unit passes `systemd-analyze verify` where systemd runs and caravan-ref is installed.
source "$(dirname "$0")/lib.sh" "$@"
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
[ -x "$NGINX" ] || { echo "skipped: needs nginx (bash .ci/install-deps test)"; rm -rf "$WORK"; exit 77; }
command -v openssl >/dev/null || { echo "skipped: needs openssl"; rm -rf "$WORK"; exit 77; }
mkdir -p conf logs
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=games.example.org \
  -keyout conf/key.pem -out conf/cert.pem 2>/dev/null
sed -e "s#/etc/letsencrypt/live/games.example.org/fullchain.pem#$WORK/conf/cert.pem#" \
  -e "s#/etc/letsencrypt/live/games.example.org/privkey.pem#$WORK/conf/key.pem#" \
  "$SRC/examples/serve/nginx.conf" >conf/site.conf
cat >conf/nginx.conf <<CONF
pid $WORK/logs/nginx.pid;
error_log $WORK/logs/error.log;
events {}
http {
  client_body_temp_path $WORK/logs/body;
  proxy_temp_path $WORK/logs/proxy;
  fastcgi_temp_path $WORK/logs/fastcgi;
  uwsgi_temp_path $WORK/logs/uwsgi;
  scgi_temp_path $WORK/logs/scgi;
  access_log off;
  include $WORK/conf/site.conf;
}
CONF
expect_exit 0 "nginx -t accepts examples/serve/nginx.conf" -- \
  "$NGINX" -t -p "$WORK" -c "$WORK/conf/nginx.conf" -e "$WORK/logs/error.log"
if command -v systemd-analyze >/dev/null && [ -d /run/systemd/system ] && [ -x /usr/bin/caravan-ref ]; then
  expect_exit 0 "systemd-analyze verify accepts the unit" -- \
    systemd-analyze verify "$SRC/examples/serve/caravan-ref-serve.service"
fi
finish
