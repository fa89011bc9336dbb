#!/usr/bin/env node
// The main job until the CLI lands: start the local service in-process on a free loopback
// port (pseudo engine, no key needed) and translate a sample through its HTTP API.
import { randomBytes } from 'node:crypto';
import { startServer } from '../packages/server/dist/index.js';

const key = randomBytes(16).toString('hex');
const server = await startServer({ apiKeys: [key], port: 0 });
process.stderr.write(`local service listening on ${server.url} (pseudo engine)\n`);
try {
  const sample = [
    'Welcome back, {{name}}!',
    'You have <b>3 new</b> messages.',
    'Read the <a href="/docs">documentation</a> before you start.',
  ];
  for (const target of ['DE', 'JA']) {
    const response = await fetch(`${server.url}/v2/translate`, {
      method: 'POST',
      headers: { authorization: `Service-Auth-Key ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        text: sample,
        source_lang: 'EN',
        target_lang: target,
        tag_handling: 'xml',
      }),
    });
    if (!response.ok)
      throw new Error(`translate answered ${response.status}: ${await response.text()}`);
    const { translations } = await response.json();
    process.stdout.write(`\n${target}\n`);
    for (const [i, text] of sample.entries()) {
      process.stdout.write(`  ${text}\n  -> ${translations[i].text}\n`);
    }
  }
} finally {
  await server.close();
}
