import { describe, expect, it } from 'vitest';
import { KEYS, startTestServer } from '../test-support/test-server.js';

const t = await startTestServer();

describe('authentication', () => {
  it('answers 401 for a missing or malformed header', async () => {
    for (const headers of <Array<Record<string, string>>>[
      {},
      { authorization: `Bearer ${KEYS.paid}` },
      { authorization: 'Service-Auth-Key' },
      { authorization: `Service-Auth-Key ${KEYS.paid} extra` },
    ]) {
      const res = await t.call('GET', '/v2/usage', { key: 'none', headers });
      expect(res.status).toBe(401);
      expect(res.body.message).toContain('Service-Auth-Key');
    }
  });

  it('answers 403 for an unknown key without repeating it', async () => {
    const res = await t.call('GET', '/v2/usage', { key: { literal: 'secret-unknown-key-123' } });
    expect(res.status).toBe(403);
    expect(res.text).not.toContain('secret-unknown-key-123');
  });

  it('keeps free keys off the paid-only parts and lets them translate', async () => {
    expect(
      (
        await t.call('POST', '/v2/translate', {
          key: 'free',
          json: { text: ['Hi'], target_lang: 'DE' },
        })
      ).status,
    ).toBe(200);
    for (const [method, path] of [
      ['POST', '/v2/write/rephrase'],
      ['GET', '/v3/style_rules'],
      ['GET', '/v1/unstable/agent/tasks/x'],
      ['POST', '/v1/unstable/agent/workflows/echo/trigger'],
    ]) {
      const res = await t.call(method!, path!, {
        key: 'free',
        ...(method === 'POST' ? { json: { text: ['Hi'] } } : {}),
      });
      expect(res.status, path).toBe(403);
      expect(res.body.message).toContain('paid tier');
    }
  });

  it('answers every error with a JSON message, unknown routes included', async () => {
    const res = await t.call('GET', '/v2/nothing-here');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body.message).toContain('/v2/nothing-here');
  });
});
