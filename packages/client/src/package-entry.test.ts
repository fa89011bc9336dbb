import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, startLocalServer } from './test-support/local-server.js';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const server = await startLocalServer();

// Imports the package by its name, as a user's project does, with no global WebSocket (as on
// Node 20, whatever Node runs the test), translates a text and streams one second of audio
// into a voice session; says too whether Node's fetch (undici) was loaded on the way.
const PROBE = `
delete globalThis.WebSocket;
const resolved = {};
for (const name of ['@transloom/client', '@transloom/client/node', '@transloom/client/wire']) {
  resolved[name] = import.meta.resolve(name);
}
const { createClient } = await import('@transloom/client');
const client = createClient({ apiKey: process.env.PROBE_KEY, serverUrl: process.env.PROBE_URL });
const translated = (await client.translate({ text: 'Hello', targetLang: 'DE' })).translations[0].text;
const undici = () => process.moduleLoadList.some((name) => name.includes('undici'));
const samples = new Int16Array(16000 * 1.5);
for (let i = 0; i < 16000; i++) samples[i] = Math.round(9000 * Math.sin((2 * Math.PI * 300 * i) / 16000));
const session = await client.voice.createSession({
  sourceMediaContentType: 'audio/pcm;encoding=s16le;rate=16000',
  sourceLanguage: 'en',
  targetLanguages: ['de'],
});
const events = [];
try {
  for await (const event of client.voice.stream(session, [new Uint8Array(samples.buffer)])) {
    events.push(event);
  }
  console.log(JSON.stringify({ resolved, translated, undici: undici(), events }));
} catch (error) {
  console.log(JSON.stringify({ resolved, translated, undici: undici(), error: { code: error.code, message: error.message } }));
}
`;

let project: string;

beforeAll(async () => {
  if (!existsSync(join(packageDir, 'dist/node.js'))) {
    throw new Error(
      'packages/client/dist is missing: build it with pnpm --filter @transloom/client build',
    );
  }
  project = await mkdtemp(join(tmpdir(), 'transloom-client-entry-'));
  await writeFile(join(project, 'package.json'), '{ "type": "module", "private": true }\n');
  await mkdir(join(project, 'node_modules/@transloom'), { recursive: true });
  await symlink(packageDir, join(project, 'node_modules/@transloom/client'), 'dir');
  await writeFile(join(project, 'probe.mjs'), PROBE);
});

afterAll(async () => {
  if (project) await rm(project, { recursive: true, force: true });
});

async function probe(conditions: string[] = []) {
  const { stdout } = await run(process.execPath, [...conditions, 'probe.mjs'], {
    cwd: project,
    env: { ...process.env, PROBE_KEY: KEYS.paid, PROBE_URL: server.url },
    timeout: 20_000,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as {
    resolved: Record<string, string>;
    translated: string;
    undici: boolean;
    events?: Array<{ type: string; concluded?: Array<{ text: string }> }>;
    error?: { code: string; message: string };
  };
}

describe('the package as Node imports it by name', () => {
  it('gives Node the ws-backed entry: voice streams work without a global WebSocket', async () => {
    const result = await probe();
    expect(result.error).toBeUndefined();
    expect(result.resolved['@transloom/client']).toMatch(/\/dist\/node\.js$/);
    expect(result.resolved['@transloom/client/node']).toMatch(/\/dist\/node\.js$/);
    expect(result.resolved['@transloom/client/wire']).toMatch(/\/dist\/wire\/index\.js$/);
    const types = result.events!.map((e) => e.type);
    expect(types).toContain('sourceTranscriptUpdate');
    expect(types).toContain('targetTranscriptUpdate');
    expect(types.at(-1)).toBe('endOfStream');
    const spoken = result.events!.flatMap((e) =>
      e.type === 'sourceTranscriptUpdate' ? (e.concluded ?? []) : [],
    );
    expect(spoken.map((s) => s.text)).toEqual(['[speech 1.0 s]']);
  });

  it('sends from Node with node:http, never loading undici (the global fetch)', async () => {
    const result = await probe();
    expect(result.translated).toBe('[Ĥéļļö]');
    expect(result.undici).toBe(false);
  });

  it('gives browsers the entry without ws, which uses the global WebSocket', async () => {
    const result = await probe(['--conditions=browser']);
    expect(result.resolved['@transloom/client']).toMatch(/\/dist\/index\.js$/);
    // No global WebSocket here, and the browser entry does not bring ws: a clear error.
    expect(result.error).toMatchObject({ code: 'TRANSLOOM_CONFIG' });
    expect(result.error!.message).toContain('No WebSocket implementation');
    // Elsewhere the client sends with the global fetch.
    expect(result.translated).toBe('[Ĥéļļö]');
    expect(result.undici).toBe(true);
  });
});
