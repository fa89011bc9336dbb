import { beforeEach, describe, expect, it } from 'vitest';
import { LimitError, PayloadTooLargeError, QuotaExceededError } from '../errors.js';
import { recordingEngine, startLocalServer } from '../test-support/local-server.js';
import { MAX_TRANSLATE_BODY_BYTES } from '../wire/limits.js';
import { packBatches } from './pack-batches.js';

const engine = recordingEngine();
const server = await startLocalServer({
  engine,
  styleRules: [{ style_id: '22222222-2222-4222-8222-222222222222', name: 'Docs', language: 'de' }],
});
const client = server.client();

beforeEach(async () => {
  engine.inputs.length = 0;
  await server.clearRequests();
});

describe('translate', () => {
  it('sends every option under its contract name and maps the result to camelCase', async () => {
    const glossary = await client.glossaries.create({
      name: 'Options',
      dictionaries: [{ sourceLang: 'en', targetLang: 'de', entries: { cart: 'Warenkorb' } }],
    });
    const result = await client.translate({
      text: ['Your <b>cart</b>', 'Second'],
      targetLang: 'DE',
      sourceLang: 'EN',
      context: 'A shop checkout page',
      modelType: 'quality_optimized',
      splitSentences: 'nonewlines',
      preserveFormatting: true,
      formality: 'less',
      glossaryId: glossary.glossaryId,
      styleId: '22222222-2222-4222-8222-222222222222',
      customInstructions: ['Keep it short'],
      showBilledCharacters: true,
      tagHandling: 'xml',
      tagHandlingVersion: 'v2',
      outlineDetection: false,
      nonSplittingTags: ['b'],
      splittingTags: ['p'],
      ignoreTags: ['code'],
    });
    expect(result.translations).toHaveLength(2);
    expect(result.translations[0]).toMatchObject({
      detectedSourceLanguage: 'EN',
      billedCharacters: 16,
      modelTypeUsed: 'quality_optimized',
    });
    expect(result.translations[0]!.text).toContain('<b>Warenkorb</b>');
    const seen = engine.inputs[0]!;
    expect(seen).toMatchObject({
      targetLang: 'DE',
      sourceLang: 'EN',
      context: 'A shop checkout page',
      formality: 'less',
      tagHandling: 'xml',
      ignoreTags: ['code'],
      splittingTags: ['p'],
      nonSplittingTags: ['b'],
      outlineDetection: false,
      preserveFormatting: true,
      customInstructions: ['Keep it short'],
      modelType: 'quality_optimized',
    });
    expect(seen.style?.name).toBe('Docs');
    expect(seen.glossary).toEqual([{ source: 'cart', target: 'Warenkorb' }]);
  });

  it('accepts a single string', async () => {
    const result = await client.translate({ text: 'Hello', targetLang: 'FR', sourceLang: 'EN' });
    expect(result.translations).toEqual([{ text: '[Ĥéļļö]', detectedSourceLanguage: 'EN' }]);
  });

  it('checks the documented limits before sending anything', async () => {
    const cases: Array<[Parameters<typeof client.translate>[0], string]> = [
      [{ text: Array(51).fill('x'), targetLang: 'DE' }, 'texts per request'],
      [{ text: [], targetLang: 'DE' }, 'texts per request'],
      [{ text: ['x'.repeat(MAX_TRANSLATE_BODY_BYTES)], targetLang: 'DE' }, 'request body bytes'],
      [
        { text: ['x'], targetLang: 'DE', customInstructions: Array(11).fill('a') },
        'custom instructions',
      ],
      [
        { text: ['x'], targetLang: 'DE', customInstructions: ['a'.repeat(301)] },
        'custom instruction characters',
      ],
      [
        { text: ['x'], targetLang: 'DE', modelType: 'latency_optimized', styleId: 's' },
        'latency_optimized combinations',
      ],
      [
        { text: ['x'], targetLang: 'DE', modelType: 'latency_optimized', tagHandlingVersion: 'v2' },
        'latency_optimized combinations',
      ],
    ];
    for (const [request, limit] of cases) {
      const error = await client.translate(request).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LimitError);
      expect((error as LimitError).limit).toBe(limit);
    }
    expect(await server.requests()).toEqual([]);
  });
});

describe('translateMany', () => {
  it('packs texts into the fewest requests under 50 texts and 131072 bytes, in input order', async () => {
    const texts = Array.from({ length: 260 }, (_, i) =>
      i % 7 === 0 ? `Long text ${i} ${'lorem ipsum '.repeat(900)}` : `Short text ${i}`,
    );
    const progress: number[] = [];
    const out = await client.translateMany(
      texts,
      { targetLang: 'DE', sourceLang: 'EN' },
      { onProgress: (p) => progress.push(p.completed) },
    );
    expect(out).toHaveLength(texts.length);
    out.forEach((t, i) => {
      expect(t.text).toContain(String(i));
    });
    const requests = (await server.requests()).filter((r) => r.path === '/v2/translate');
    const expected = packBatches(texts, { target_lang: 'DE', source_lang: 'EN' });
    expect(requests).toHaveLength(expected.length);
    for (const request of requests) {
      expect(request.status).toBe(200);
      expect(request.texts).toBeLessThanOrEqual(50);
      expect(request.contentLength).toBeLessThanOrEqual(MAX_TRANSLATE_BODY_BYTES);
    }
    // The measured sizes are the bytes actually sent.
    expect(requests.map((r) => r.contentLength).sort()).toEqual(
      expected.map((b) => b.bytes).sort(),
    );
    expect(progress.at(-1)).toBe(texts.length);
  });

  it('hands each batch over as soon as it is translated', async () => {
    const texts = Array.from({ length: 120 }, (_, i) => `Batch text ${i}`);
    const seen: Array<[number, number]> = [];
    const out = await client.translateMany(
      texts,
      { targetLang: 'DE' },
      { onBatch: ({ start, translations }) => seen.push([start, translations.length]) },
    );
    // Requests run concurrently: batches arrive in the order the service answers them.
    expect(seen.sort((a, b) => a[0] - b[0])).toEqual([
      [0, 50],
      [50, 50],
      [100, 20],
    ]);
    expect(out).toHaveLength(120);
  });

  it('shares one schedule across calls', async () => {
    const slow = recordingEngine(30);
    const slowServer = await startLocalServer({ engine: slow });
    const c = slowServer.client();
    const { default: pLimit } = await import('p-limit');
    const limit = pLimit(2);
    const schedule = <T>(task: () => Promise<T>) => limit(task);
    const texts = Array.from({ length: 200 }, (_, i) => `Text ${i}`);
    await Promise.all([
      c.translateMany(texts, { targetLang: 'DE' }, { schedule }),
      c.translateMany(texts, { targetLang: 'FR' }, { schedule }),
    ]);
    expect(slow.maxInFlight).toBeLessThanOrEqual(2);
  });

  it('keeps at most `concurrency` requests in flight', async () => {
    const slow = recordingEngine(30);
    const slowServer = await startLocalServer({ engine: slow });
    const texts = Array.from({ length: 500 }, (_, i) => `Text ${i}`);
    await slowServer.client().translateMany(texts, { targetLang: 'DE' }, { concurrency: 3 });
    expect(slow.maxInFlight).toBeLessThanOrEqual(3);
    expect(slow.maxInFlight).toBeGreaterThan(1);
  });

  it('splits a batch again when the service answers 413', async () => {
    await server.fault('413', { path: '/v2/translate' });
    const texts = Array.from({ length: 40 }, (_, i) => `Item ${i}`);
    const out = await client.translateMany(texts, { targetLang: 'DE' });
    expect(out.map((t) => t.text)).toEqual(
      texts.map((t) => expect.stringContaining(t.replace('Item', 'Íţéɱ'))),
    );
    const statuses = (await server.requests()).map((r) => [r.status, r.texts ?? null]);
    expect(statuses).toEqual([
      [413, null],
      [200, 20],
      [200, 20],
    ]);
  });

  it('stops at a 456 without sending the queued batches', async () => {
    await server.fault('456', { path: '/v2/translate' });
    const texts = Array.from({ length: 1000 }, (_, i) => `Item ${i}`);
    const error = await client
      .translateMany(texts, { targetLang: 'DE' }, { concurrency: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QuotaExceededError);
    expect((await server.requests()).length).toBe(1);
  });

  it('refuses a text too large for any request', async () => {
    const error = await client
      .translateMany(['ok', 'x'.repeat(140_000)], { targetLang: 'DE' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LimitError);
    expect((error as LimitError).message).toContain('text 1');
  });

  it('rethrows a 413 for a single text', async () => {
    await server.fault('413', { path: '/v2/translate' });
    const error = await client
      .translateMany(['only one'], { targetLang: 'DE' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayloadTooLargeError);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop now'));
    await expect(
      client.translateMany(['a', 'b'], { targetLang: 'DE' }, { signal: controller.signal }),
    ).rejects.toThrow('stop now');
  });
});
