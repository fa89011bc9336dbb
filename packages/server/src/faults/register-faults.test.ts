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
const arm = (header: string) =>
  t.call('GET', '/v2/usage', { headers: { 'x-transloom-fault': header } });

describe('fault injection', () => {
  it('makes the next N requests answer 429 with Retry-After, then recovers', async () => {
    expect((await arm('429; count=2; retry-after=3')).status).toBe(200);
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
        key: 'none',
        json: { rate: 0.3, kinds: ['429', '503'], seed: 7 },
      });
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++) statuses.push((await t.call('GET', '/v2/usage')).status);
      await t.call('DELETE', '/__transloom/faults', { key: 'none' });
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
    await t.call('DELETE', '/__transloom/requests', { key: 'none' });
    expect(
      (
        await t.call('POST', '/__transloom/faults', {
          key: 'none',
          json: { kind: '429', count: 1 },
        })
      ).status,
    ).toBe(204);
    await t.call('POST', '/v2/translate', { json: translate });
    await t.call('POST', '/v2/translate', { json: translate });
    const log = (await t.call('GET', '/__transloom/requests', { key: 'none' })).body.requests;
    expect(log.map((r: any) => [r.path, r.status, r.fault, r.texts ?? null])).toEqual([
      ['/v2/translate', 429, '429', null],
      ['/v2/translate', 200, null, 1],
    ]);
    expect(JSON.stringify(log)).not.toContain('paid-key');
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
