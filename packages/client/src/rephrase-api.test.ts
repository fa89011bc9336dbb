import { beforeEach, describe, expect, it } from 'vitest';
import { LimitError, QuotaExceededError } from './errors.js';
import { startLocalServer } from './test-support/local-server.js';
import { MAX_REPHRASE_BODY_BYTES } from './wire/limits.js';

const server = await startLocalServer();
const client = server.client();

beforeEach(() => server.clearRequests());

describe('rephrase', () => {
  it('improves texts and maps the result', async () => {
    const result = await client.rephrase({
      text: ['This sentence is fine as it is.'],
      targetLang: 'en-GB',
      tone: 'friendly',
    });
    expect(result.improvements).toEqual([
      {
        text: 'This sentence is fine as it is. ⟨friendly⟩',
        targetLanguage: 'en-GB',
        detectedSourceLanguage: 'en',
      },
    ]);
  });

  it('checks writing style with tone and the 10240-byte body before sending', async () => {
    await expect(
      client.rephrase({ text: 'x', writingStyle: 'casual', tone: 'friendly' }),
    ).rejects.toThrow(LimitError);
    await expect(client.rephrase({ text: 'x'.repeat(MAX_REPHRASE_BODY_BYTES) })).rejects.toThrow(
      /10240/,
    );
    expect(await server.requests()).toEqual([]);
  });

  it('batches any number of texts under 10240 bytes, in order', async () => {
    const texts = Array.from({ length: 60 }, (_, i) =>
      `Sentence number ${i} is written in plain English for the test. `.repeat(4),
    );
    const out = await client.rephraseMany(texts, { targetLang: 'en-US' });
    expect(out.map((i) => i.text)).toEqual(texts);
    const requests = await server.requests();
    expect(requests.length).toBeGreaterThan(1);
    for (const request of requests)
      expect(request.contentLength).toBeLessThanOrEqual(MAX_REPHRASE_BODY_BYTES);
  });

  it('stops at a 456 without sending the queued batches', async () => {
    await server.fault('456', { path: '/v2/write/rephrase' });
    // Counted where requests leave, so one still on its way when the call fails counts too.
    let sent = 0;
    const counting = server.client({
      fetch: (input, init) => {
        sent++;
        return fetch(input, init);
      },
    });
    const texts = Array.from({ length: 60 }, (_, i) =>
      `Sentence number ${i} is written in plain English for the test. `.repeat(4),
    );
    const error = await counting
      .rephraseMany(texts, { targetLang: 'en-US' }, { concurrency: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect(sent).toBe(1);
    expect((await server.requests()).length).toBe(1);
  });
});

describe('languages and usage', () => {
  it('lists source and target languages and glossary pairs', async () => {
    expect(await client.languages()).toContainEqual({ language: 'EN', name: 'English' });
    expect(await client.languages('target')).toContainEqual({
      language: 'DE',
      name: 'German',
      supportsFormality: true,
    });
    expect(await client.glossaryLanguagePairs()).toContainEqual({
      sourceLang: 'en',
      targetLang: 'ja',
    });
  });

  it('reports usage, with the key limit when set', async () => {
    const admin = server.client({ apiKey: 'client-test-admin-key:91bd' });
    const key = await admin.admin.keys.create({ label: 'usage' });
    const user = server.client({ apiKey: key.key! });
    await user.translate({ text: 'Hello', targetLang: 'DE' });
    expect(await user.usage()).not.toHaveProperty('apiKeyCharacterCount');
    await admin.admin.keys.setLimit(key.keyId, 1000);
    const usage = await user.usage();
    expect(usage).toMatchObject({
      apiKeyCharacterCount: 5,
      apiKeyCharacterLimit: 1000,
      characterLimit: 1_000_000_000_000,
    });
    expect(usage.characterCount).toBeGreaterThanOrEqual(5);
  });
});
