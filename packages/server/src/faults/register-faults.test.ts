import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../test-support/test-server.js';

const t = await startTestServer({ faults: true });
const translate = {
  text: ['Hello <x id="1"/> world'],
  target_lang: 'DE',
  source_lang: 'EN',
  tag_handling: 'xml',
};
// Arming needs an admin key; the arming request itself is refused as an admin key's use of
// a developer route, and the requests after it take the fault.
const arm = (header: string) =>
  t.call('GET', '/v2/usage', { key: 'admin', headers: { 'x-transloom-fault': header } });

describe('fault injection', () => {
  it('makes the next N requests answer 429 with Retry-After, then recovers', async () => {
    expect((await arm('429; count=2; retry-after=3')).status).toBe(403);
    for (let i = 0; i < 2; i++) {
      const res = await t.call('POST', '/v2/translate', { json: translate });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('3');
      expect(res.body.message).toContain('injected');
    }
    expect((await t.call('POST', '/v2/translate', { json: translate })).status).toBe(200);
  });

  it('answers 5xx, 529 and 456 on demand, limited to a path', async () => {
    await arm('503; path=/v2/translate');
    expect((await t.call('GET', '/v2/usage')).status).toBe(200);
    expect((await t.call('POST', '/v2/translate', { json: translate })).status).toBe(503);
    for (const kind of ['500', '529', '456']) {
      await arm(kind);
      expect((await t.call('GET', '/v2/languages')).status).toBe(Number(kind));
    }
  });

  it('resets the connection', async () => {
    await arm('reset');
    await expect(t.call('GET', '/v2/usage')).rejects.toThrow();
    expect((await t.call('GET', '/v2/usage')).status).toBe(200);
  });

  it('hangs until the client gives up', async () => {
    await arm('hang');
    const started = Date.now();
    await expect(
      fetch(`${t.url}/v2/usage`, { signal: AbortSignal.timeout(300) }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect((await t.call('GET', '/v2/usage')).status).toBe(200);
  });

  it('mangles the tags of translations', async () => {
    await arm('mangle');
    const res = await t.call('POST', '/v2/translate', { json: translate });
    expect(res.status).toBe(200);
    expect(res.body.translations[0].text).toContain('id="1-mangled"');
  });

  it('injects faults at a random rate from a seed, reproducibly', async () => {
    const run = async () => {
      await t.call('PUT', '/__transloom/faults', {
        key: 'admin',
        json: { rate: 0.3, kinds: ['429', '503'], seed: 7 },
      });
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++) statuses.push((await t.call('GET', '/v2/usage')).status);
      await t.call('DELETE', '/__transloom/faults', { key: 'admin' });
      return statuses;
    };
    const first = await run();
    const failed = first.filter((s) => s !== 200).length;
    expect(failed).toBeGreaterThan(8);
    expect(failed).toBeLessThan(30);
    expect(await run()).toEqual(first);
    expect((await t.call('GET', '/v2/usage')).status).toBe(200);
  });

  it('arms faults through the control route and lists received requests', async () => {
    await t.call('DELETE', '/__transloom/requests', { key: 'admin' });
    expect(
      (
        await t.call('POST', '/__transloom/faults', {
          key: 'admin',
          json: { kind: '429', count: 1 },
        })
      ).status,
    ).toBe(204);
    await t.call('POST', '/v2/translate', { json: translate });
    await t.call('POST', '/v2/translate', { json: translate });
    const log = (await t.call('GET', '/__transloom/requests', { key: 'admin' })).body.requests;
    expect(log.map((r: any) => [r.path, r.status, r.fault, r.texts ?? null])).toEqual([
      ['/v2/translate', 429, '429', null],
      ['/v2/translate', 200, null, 1],
    ]);
    expect(JSON.stringify(log)).not.toContain('paid-key');
  });

  it('needs the admin key for every control, the header included', async () => {
    for (const [method, path] of [
      ['GET', '/__transloom/requests'],
      ['DELETE', '/__transloom/requests'],
      ['POST', '/__transloom/faults'],
      ['PUT', '/__transloom/faults'],
      ['DELETE', '/__transloom/faults'],
    ] as const) {
      const json = method === 'GET' || method === 'DELETE' ? {} : { json: { kind: '503' } };
      expect((await t.call(method, path, { key: 'none', ...json })).status, path).toBe(401);
      expect((await t.call(method, path, { key: 'paid', ...json })).status, path).toBe(403);
    }
    const header = await t.call('GET', '/v2/usage', { headers: { 'x-transloom-fault': '503' } });
    expect(header.status).toBe(403);
    expect(header.body.message).toContain('admin key');
    // Nothing was armed by the refused requests.
    expect((await t.call('GET', '/v2/usage')).status).toBe(200);
  });

  it('rejects a malformed fault header', async () => {
    const res = await arm('explode');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('X-Transloom-Fault');
  });

  it('has no fault routes or headers without --faults', async () => {
    const plain = await startTestServer();
    expect((await plain.call('GET', '/__transloom/requests')).status).toBe(404);
    const res = await plain.call('GET', '/v2/usage', { headers: { 'x-transloom-fault': '503' } });
    expect(res.status).toBe(200);
    expect((await plain.call('GET', '/v2/usage')).status).toBe(200);
  });

  it('keeps serving after a client drops a request mid-body', async () => {
    const socket = new Socket();
    const { port } = new URL(t.url);
    await new Promise<void>((resolve) => socket.connect(Number(port), '127.0.0.1', resolve));
    socket.write(
      'POST /v2/translate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"text":',
    );
    socket.destroy();
    expect((await t.call('POST', '/v2/translate', { json: translate })).status).toBe(200);
  });
});
