import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TransloomServer } from '../../create-server.js';
import { usePostgresServer } from '../../test-support/use-postgres-server.js';

const UPSTREAM_KEY = 'upstream-paid-key-0001';
const UPSTREAM_ADMIN = 'upstream-admin-key-0001';
const TEAM_KEY = 'team-developer-key-0001';
const TEAM_ADMIN = 'team-admin-key-0001';

type Running = TransloomServer & { url: string };

async function call(
  server: Running,
  method: string,
  path: string,
  key: string,
  json?: unknown,
): Promise<{ status: number; headers: Headers; body: any; text: string }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Service-Auth-Key ${key}`,
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
  });
  const text = await response.text();
  let body: unknown = text;
  if (text !== '' && (response.headers.get('content-type') ?? '').includes('json'))
    body = JSON.parse(text);
  return { status: response.status, headers: response.headers, body, text };
}

const postgres = usePostgresServer();

// The gateway in front of another instance of this service (pseudo engine, request log on):
// what reaches the upstream is what its log and its usage show.
describe('the gateway engine in front of an upstream instance of the service', () => {
  let upstream: Running;
  let gateway: Running;
  let replica: Running;
  const upstreamTranslations = () =>
    upstream.faults!.requests.filter((r) => r.path === '/v2/translate');
  const upstreamUsage = async () =>
    (await call(upstream, 'GET', '/v2/usage', UPSTREAM_KEY)).body.character_count as number;
  const teamUsage = async () =>
    (await call(gateway, 'GET', '/v2/usage', TEAM_KEY)).body.character_count as number;
  const translate = (server: Running, json: Record<string, unknown>) =>
    call(server, 'POST', '/v2/translate', TEAM_KEY, {
      source_lang: 'EN',
      target_lang: 'DE',
      ...json,
    });

  beforeAll(async () => {
    upstream = await startServer({
      apiKeys: [UPSTREAM_KEY],
      adminKeys: [UPSTREAM_ADMIN],
      faults: true,
      port: 0,
    });
    // Two gateway replicas on one PostgreSQL database: one cache for both.
    const db = await postgres.createDatabase('gateway');
    const options = {
      db,
      engine: 'upstream',
      upstream: { url: upstream.url, key: UPSTREAM_KEY },
      apiKeys: [TEAM_KEY],
      adminKeys: [TEAM_ADMIN],
      styleRules: [
        {
          name: 'House',
          language: 'de',
          configured_rules: { dates_and_times: { calendar_era: 'use_bce_and_ce' } },
          custom_instructions: [{ label: 'Tone', prompt: 'Address the reader informally.' }],
        },
      ],
      port: 0,
    };
    gateway = await startServer(options);
    replica = await startServer(options);
  });
  afterAll(async () => {
    await gateway?.close();
    await replica?.close();
    await upstream?.close();
  });

  it('forwards a translation, and answers it again from the cache on any replica', async () => {
    const first = await translate(gateway, { text: ['Hello world', 'Good morning'] });
    expect(first.status).toBe(200);
    // The upstream's pseudo engine translated it.
    expect(first.body.translations[0].text).not.toBe('Hello world');
    expect(upstreamTranslations()).toHaveLength(1);
    const upstreamBilled = await upstreamUsage();
    expect(upstreamBilled).toBe('Hello world'.length + 'Good morning'.length);

    const again = await translate(replica, { text: ['Hello world', 'Good morning'] });
    expect(again.body.translations).toEqual(first.body.translations);
    // Nothing reached the upstream, which billed nothing more; the team key pays each request.
    expect(upstreamTranslations()).toHaveLength(1);
    expect(await upstreamUsage()).toBe(upstreamBilled);
    expect(await teamUsage()).toBe(2 * upstreamBilled);

    // Only the text it has not seen goes upstream.
    const mixed = await translate(gateway, { text: ['Good morning', 'See you later'] });
    expect(mixed.status).toBe(200);
    expect(upstreamTranslations().at(-1)?.texts).toBe(1);
    expect(mixed.body.translations[0]).toEqual(first.body.translations[1]);
    // Other settings are other answers.
    await translate(gateway, { text: ['Hello world'], formality: 'more' });
    expect(upstreamTranslations()).toHaveLength(3);
  });

  it("creates the team's glossary upstream once per version and names it in the request", async () => {
    const created = await call(gateway, 'POST', '/v3/glossaries', TEAM_KEY, {
      name: 'Team terms',
      dictionaries: [
        {
          source_lang: 'en',
          target_lang: 'de',
          entries: 'Settings\tEinstellungen',
          entries_format: 'tsv',
        },
      ],
    });
    expect(created.status).toBe(201);
    const id = created.body.glossary_id as string;
    const out = await translate(gateway, { text: ['Open the Settings'], glossary_id: id });
    expect(out.status).toBe(200);
    expect(out.body.translations[0].text).toContain('Einstellungen');
    const upstreamGlossaries = async () =>
      (await call(upstream, 'GET', '/v3/glossaries', UPSTREAM_KEY)).body.glossaries as unknown[];
    expect(await upstreamGlossaries()).toHaveLength(1);
    await translate(replica, { text: ['Close the Settings'], glossary_id: id });
    expect(await upstreamGlossaries()).toHaveLength(1);
    // A changed dictionary is a new version: a new upstream copy, and new answers.
    await call(gateway, 'PUT', `/v3/glossaries/${id}/dictionaries`, TEAM_KEY, {
      source_lang: 'en',
      target_lang: 'de',
      entries: 'Settings\tOptionen',
      entries_format: 'tsv',
    });
    const changed = await translate(gateway, { text: ['Open the Settings'], glossary_id: id });
    expect(changed.body.translations[0].text).toContain('Optionen');
    expect(await upstreamGlossaries()).toHaveLength(2);
  });

  it("sends the team's style rule list as custom instructions", async () => {
    const styles = (await call(gateway, 'GET', '/v3/style_rules', TEAM_KEY)).body.style_rules;
    const out = await translate(gateway, {
      text: ['A styled sentence'],
      style_id: styles[0].style_id,
      custom_instructions: ['Keep it short.'],
    });
    expect(out.status).toBe(200);
    // The list's instruction, its configured rules and the request's own: three reached upstream.
    expect(out.body.translations[0].text).toContain('3 instructions');
  });

  it('forwards text improvement and caches it too', async () => {
    const before = upstream.faults!.requests.filter((r) => r.path === '/v2/write/rephrase').length;
    const body = { text: ['this are a sentence'], target_lang: 'en-US' };
    const first = await call(gateway, 'POST', '/v2/write/rephrase', TEAM_KEY, body);
    expect(first.status).toBe(200);
    const again = await call(replica, 'POST', '/v2/write/rephrase', TEAM_KEY, body);
    expect(again.body).toEqual(first.body);
    expect(
      upstream.faults!.requests.filter((r) => r.path === '/v2/write/rephrase').length - before,
    ).toBe(1);
  });

  it.each([
    ['429', 429, '7'],
    ['503', 503, '1'],
    ['456', 456, null],
  ] as const)('passes on an upstream %s and refunds the team key', async (kind, status, retry) => {
    const billed = await teamUsage();
    upstream.faults!.arm({ kind, path: '/v2/translate', retryAfter: 7 }, 1);
    const out = await translate(gateway, { text: [`A text for the ${kind} case`] });
    expect(out.status).toBe(status);
    expect(out.headers.get('retry-after')).toBe(retry);
    expect(await teamUsage()).toBe(billed);
    // The next request goes through: the refusal was passed on, not kept.
    expect((await translate(gateway, { text: [`A text for the ${kind} case`] })).status).toBe(200);
  });

  it('answers 503 without the upstream key when the upstream refuses it or is gone', async () => {
    const wrong = await startServer({
      engine: 'upstream',
      upstream: { url: upstream.url, key: 'a-wrong-upstream-key-0042' },
      apiKeys: [TEAM_KEY],
      port: 0,
    });
    const gone = await startServer({
      engine: 'upstream',
      upstream: { url: 'http://127.0.0.1:9', key: UPSTREAM_KEY },
      apiKeys: [TEAM_KEY],
      port: 0,
    });
    try {
      const refused = await translate(wrong, { text: ['Hello'] });
      expect(refused.status).toBe(503);
      expect(refused.text).not.toContain('a-wrong-upstream-key-0042');
      const unreachable = await translate(gone, { text: ['Hello'] });
      expect(unreachable.status).toBe(503);
      expect(unreachable.headers.get('retry-after')).toBe('1');
      expect(unreachable.text).not.toContain(UPSTREAM_KEY);
    } finally {
      await wrong.close();
      await gone.close();
    }
  });
});
