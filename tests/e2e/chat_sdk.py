"""serve's signature checks against the platforms' own (tests/e2e/chat_sdk.sh runs it).

    chat_sdk.py BIN SOURCE_DIR MODULES_DIR

Requests are built and signed as each platform documents (as tests/e2e/chat_client.py signs
them: Discord's Ed25519 of timestamp + body with PyNaCl, Slack's v0= hex HMAC-SHA256 of
"v0:TIMESTAMP:BODY"), good and spoiled in the ways an attacker or a broken proxy spoils them.
Each is sent once to `caravan-ref serve` and judged by the platform's own verifier
(tests/chat/verify.cjs: discord-interactions' verifyKey, @slack/bolt's verifySlackRequest, from
MODULES_DIR). They must agree, and both be right: serve answers 200 to what the helper and the
case call valid, 401 to what they call invalid. Where serve is deliberately stricter than the
helper (a timestamp more than five minutes from now, which Discord's helper does not look at and
Slack's looks at only in the past), the case says so: serve 401, the helper valid.
"""
import calendar
import json
import os
import subprocess
import sys
import urllib.parse

import nacl.signing

import chat_platforms

BIN, SRC, MODULES = sys.argv[1:4]
# The one clock: serve reads it, every timestamp is made from it, and Slack's helper is given it.
os.environ["CARAVAN_REF_NOW"] = "2026-06-01T12:00:00Z"
NOW = calendar.timegm((2026, 6, 1, 12, 0, 0))
KEY = nacl.signing.SigningKey.generate()
OTHER_KEY = nacl.signing.SigningKey.generate()
SECRET = "8f742231b10e8888abcd99yyyzzz85a5"
SERIAL = [0]


def discord_body():
    """A PING (serve answers PONG when it takes it), each with its own id."""
    SERIAL[0] += 1
    return json.dumps({"id": str(910000000000000000 + SERIAL[0]), "application_id": "1",
                       "type": 1, "token": "interaction-token-%d" % SERIAL[0]})


def discord_headers(body, timestamp=NOW, key=KEY):
    return chat_platforms.discord_headers(body, key, timestamp)


def slack_body():
    """`/caravan games` (serve answers it at once), each with its own trigger id."""
    SERIAL[0] += 1
    return urllib.parse.urlencode({
        "token": "deprecated", "team_id": "T0001", "channel_id": "C0001", "user_id": "U0ANN",
        "command": "/caravan", "text": "games",
        "response_url": "https://hooks.slack.com/commands/1",
        "trigger_id": "13345224609.738474920.%d" % SERIAL[0]})


def slack_headers(body, timestamp=NOW, secret=SECRET):
    return chat_platforms.slack_headers(body, secret, timestamp)


def cases():
    """(platform, what, body, headers, valid, stricter): `valid` what the case is; `stricter`
    the reason serve refuses what the helper takes, else empty."""
    out = []

    def discord(what, valid, spoil=lambda body, headers: (body, headers), stricter="", **sign):
        body = discord_body()
        out.append(("discord", what, *spoil(body, discord_headers(body, **sign)), valid, stricter))

    def slack(what, valid, spoil=lambda body, headers: (body, headers), stricter="", **sign):
        body = slack_body()
        out.append(("slack", what, *spoil(body, slack_headers(body, **sign)), valid, stricter))

    def header(name, value):
        return lambda body, headers: (body, dict(headers, **{name: value}))

    def without(name):
        return lambda body, headers: (body, {k: v for k, v in headers.items() if k != name})

    tampered = lambda body, headers: (body.replace('"type": 1', '"type": 2'), headers)
    discord("good", True)
    discord("good, signed 4 min 59 s ago", True, timestamp=NOW - 299)
    discord("good, its signature in capitals", True,
            lambda body, headers: (body, dict(headers, **{
                "X-Signature-Ed25519": headers["X-Signature-Ed25519"].upper()})))
    discord("signature of zeros", False, header("X-Signature-Ed25519", "00" * 64))
    discord("signed by another key", False, key=OTHER_KEY)
    discord("body changed after signing", False, tampered)
    discord("timestamp changed after signing", False, header("X-Signature-Timestamp", str(NOW + 1)))
    discord("signature cut short", False, lambda body, headers: (body, dict(headers, **{
        "X-Signature-Ed25519": headers["X-Signature-Ed25519"][:-2]})))
    discord("no signature", False, without("X-Signature-Ed25519"))
    discord("no timestamp", False, without("X-Signature-Timestamp"))
    discord("signed 5 min 1 s ago", True, timestamp=NOW - 301,
            stricter="verifyKey does not look at the time; serve refuses a timestamp more than "
            "five minutes from now, so a captured request cannot be replayed after ten")
    discord("signed 5 min 1 s ahead", True, timestamp=NOW + 301,
            stricter="verifyKey does not look at the time")

    tampered = lambda body, headers: (body.replace("games", "rules"), headers)
    slack("good", True)
    slack("good, signed 5 min ago to the second", True, timestamp=NOW - 300)
    slack("signed 5 min 1 s ago", False, timestamp=NOW - 301)
    slack("signature of zeros", False, header("X-Slack-Signature", "v0=" + "0" * 64))
    slack("signed with another secret", False, secret="another-signing-secret-of-32-char")
    slack("body changed after signing", False, tampered)
    slack("timestamp changed after signing", False, header("X-Slack-Request-Timestamp",
                                                           str(NOW - 1)))
    slack("version v1", False, lambda body, headers: (body, dict(headers, **{
        "X-Slack-Signature": headers["X-Slack-Signature"].replace("v0=", "v1=")})))
    slack("signature in capitals", False, lambda body, headers: (body, dict(headers, **{
        "X-Slack-Signature": "v0=" + headers["X-Slack-Signature"][3:].upper()})))
    slack("no signature", False, without("X-Slack-Signature"))
    slack("signed 5 min 1 s ahead", True, timestamp=NOW + 301,
          stricter="verifySlackRequest refuses only the past; Slack's docs ask for five minutes "
          "either side of now, as serve does")
    return out


def main():
    subprocess.run([BIN, "init"], check=True, capture_output=True)
    os.environ.pop("CARAVAN_REF_SLACK_API", None)
    serve = chat_platforms.Serve(BIN, "serve.log", KEY, SECRET)
    try:
        all_cases = cases()
        statuses = []
        for platform, what, body, headers, _, _ in all_cases:
            path = "/discord/interactions" if platform == "discord" else "/slack/commands"
            statuses.append(serve.post(path, body, headers)[0])
    finally:
        serve.stop()
    judged = subprocess.run(
        ["node", os.path.join(SRC, "tests", "chat", "verify.cjs"), MODULES],
        input=json.dumps([{"platform": p, "body": b, "headers": h, "now": NOW,
                           "public_key": KEY.verify_key.encode().hex(), "secret": SECRET}
                          for p, _, b, h, _, _ in all_cases]),
        capture_output=True, text=True)
    if judged.returncode != 0:
        print(f"FAIL: the platforms' verifiers did not run: {judged.stderr[-2000:]}")
        return 1
    verdicts = json.loads(judged.stdout)
    failed = 0
    for (platform, what, _, _, valid, stricter), status, verdict in zip(all_cases, statuses,
                                                                       verdicts):
        helper = verdict["valid"]
        said = f"{platform}, {what}: the helper says {'valid' if helper else 'invalid'}" + \
            (f" ({verdict['why']})" if verdict["why"] else "") + f", serve {status}"
        if stricter:
            ok = helper and status == 401
            said += f"; serve is stricter: {stricter}"
        else:
            ok = helper == valid and status == (200 if valid else 401)
        print(("" if ok else "FAIL: ") + said, flush=True)
        failed += not ok
    print(f"{len(all_cases) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
