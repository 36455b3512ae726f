// tests/chat/verify.cjs MODULES_DIR < cases.json: each request judged by its platform's own
// verifier, as an app built on it judges it: Discord's discord-interactions (verifyKey, WebCrypto's
// Ed25519) and Slack's @slack/bolt (verifySlackRequest, as its HTTP receiver calls it), loaded from
// MODULES_DIR (tests/chat/install.sh). Reads [{platform, body, headers, public_key | secret, now}]
// and prints [{valid, why}] in the same order. tests/e2e/chat_sdk.py compares them with serve's
// answers. CommonJS, as both packages are, loaded from outside the repository by a plain require.
// Runs on Debian 12's Node 18 (18.20: WebCrypto's Ed25519 is there) as on later ones.
'use strict';
const { readFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const path = require('node:path');

const load = createRequire(path.join(process.argv[2], 'package.json'));
const { verifyKey } = load('discord-interactions');
const { verifySlackRequest } = load('@slack/bolt');

async function main() {
  const results = [];
  for (const request of JSON.parse(readFileSync(0, 'utf8'))) {
    const header = (name) => request.headers[name] ?? '';
    if (request.platform === 'discord') {
      const valid = await verifyKey(request.body, header('X-Signature-Ed25519'),
        header('X-Signature-Timestamp'), request.public_key);
      results.push({ valid, why: valid ? '' : 'verifyKey: false' });
      continue;
    }
    try {
      verifySlackRequest({
        signingSecret: request.secret,
        body: request.body,
        headers: {
          'x-slack-signature': header('X-Slack-Signature'),
          'x-slack-request-timestamp': Number(header('X-Slack-Request-Timestamp')),
        },
        nowMilliseconds: request.now * 1000,
      });
      results.push({ valid: true, why: '' });
    } catch (error) {
      results.push({ valid: false, why: error.message });
    }
  }
  process.stdout.write(JSON.stringify(results));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
