"""What the chat tests share (chat_client.py, chat_replay.py, chat_sdk.py): a request signed as
each platform documents, and a `caravan-ref serve` to send it to.

- Discord: Ed25519 (PyNaCl) of the timestamp then the raw body, hex, in X-Signature-Ed25519, the
  timestamp in X-Signature-Timestamp.
- Slack: "v0=" and the hex HMAC-SHA256 of "v0:TIMESTAMP:BODY" with the signing secret, in
  X-Slack-Signature, the timestamp in X-Slack-Request-Timestamp.
"""
import hashlib
import hmac
import http.client
import os
import signal
import subprocess
import urllib.parse


def discord_headers(body, key, timestamp):
    timestamp = str(timestamp)
    signature = key.sign(timestamp.encode() + body.encode()).signature.hex()
    return {"Content-Type": "application/json", "X-Signature-Ed25519": signature,
            "X-Signature-Timestamp": timestamp}


def slack_headers(body, secret, timestamp):
    timestamp = str(timestamp)
    base = f"v0:{timestamp}:{body}".encode()
    signature = "v0=" + hmac.new(secret.encode(), base, hashlib.sha256).hexdigest()
    return {"Content-Type": "application/x-www-form-urlencoded",
            "X-Slack-Request-Timestamp": timestamp, "X-Slack-Signature": signature}


class Serve:
    """`BIN serve` on a free port of 127.0.0.1 with a Discord application's public key and Slack's
    signing secret, its standard error appended to LOG; `masters` are --chat-master's users,
    `env` what the environment adds."""

    def __init__(self, bin_path, log, key, slack_secret, masters=(), env=None):
        environment = dict(os.environ, CARAVAN_REF_SLACK_SIGNING_SECRET=slack_secret,
                           **(env or {}))
        command = [bin_path, "serve", "--listen", "127.0.0.1:0", "--discord-public-key",
                   key.verify_key.encode().hex()]
        for master in masters:
            command += ["--chat-master", master]
        self.proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=open(log, "ab"),
                                     text=True, env=environment)
        url = urllib.parse.urlparse(self.proc.stdout.readline().strip())
        if not url.port:
            raise SystemExit(f"serve did not start ({log})")
        self.host, self.port = url.hostname, url.port

    def post(self, path, body, headers):
        conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
        conn.request("POST", path, body=body, headers=headers)
        res = conn.getresponse()
        data = res.read().decode("utf-8", "replace")
        conn.close()
        return res.status, data

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return None
