import { describe, expect, it } from 'vitest';
import { startTestServer } from '../test-support/test-server.js';

const t = await startTestServer();
const rephrase = (json: Record<string, unknown>, key: 'paid' | 'free' = 'paid') =>
  t.call('POST', '/v2/write/rephrase', { json, key });

describe('POST /v2/write/rephrase', () => {
  it('improves texts in order and reports languages', async () => {
    const res = await rephrase({
      text: ['This is a sentence that could be better.', 'And here is another one for you.'],
      target_lang: 'en-US',
      writing_style: 'business',
    });
    expect(res.status).toBe(200);
    expect(res.body.improvements).toEqual([
      {
        text: 'This is a sentence that could be better. ⟨business⟩',
        target_language: 'en-US',
        detected_source_language: 'en',
      },
      {
        text: 'And here is another one for you. ⟨business⟩',
        target_language: 'en-US',
        detected_source_language: 'en',
      },
    ]);
  });

  it('accepts form bodies', async () => {
    const res = await t.call('POST', '/v2/write/rephrase', {
      form: [
        ['text', 'Das ist ein guter Satz für heute.'],
        ['target_lang', 'de'],
        ['tone', 'friendly'],
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.improvements[0].text).toContain('⟨friendly⟩');
  });

  it('is for the paid tier only', async () => {
    const res = await rephrase({ text: ['Hello there, my friend.'] }, 'free');
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('paid tier');
  });

  it('answers 413 over 10240 bytes', async () => {
    const res = await rephrase({ text: ['a'.repeat(10_240)], target_lang: 'en-GB' });
    expect(res.status).toBe(413);
    expect(res.body.message).toContain('10240');
  });

  it('accepts only the listed targets', async () => {
    expect((await rephrase({ text: ['Hola, ¿cómo estás hoy?'], target_lang: 'ES' })).status).toBe(
      200,
    );
    const res = await rephrase({ text: ['Hello there'], target_lang: 'ja' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('target_lang');
  });

  it('rejects writing_style together with tone', async () => {
    const res = await rephrase({
      text: ['Hello there, my friend.'],
      target_lang: 'en-GB',
      writing_style: 'casual',
      tone: 'friendly',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('cannot both');
  });

  it('falls back with prefer_ on unsupported languages and fails with plain values', async () => {
    const text = ['Bonjour tout le monde, comment allez-vous aujourd’hui ?'];
    const prefer = await rephrase({ text, target_lang: 'fr', writing_style: 'prefer_academic' });
    expect(prefer.status).toBe(200);
    expect(prefer.body.improvements[0].text).toBe(text[0]);
    const plain = await rephrase({ text, target_lang: 'fr', tone: 'diplomatic' });
    expect(plain.status).toBe(400);
    expect(plain.body.message).toContain("'tone' is not supported");
    expect((await rephrase({ text, target_lang: 'fr', tone: 'default' })).status).toBe(200);
    expect((await rephrase({ text, writing_style: 'poetic' })).status).toBe(400);
  });

  it('requires the text to be in the target language (variants may convert)', async () => {
    const res = await rephrase({
      text: ['Das ist ein ganz normaler deutscher Satz.'],
      target_lang: 'en-GB',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('does not match');
    const variant = await rephrase({
      text: ['The color of the center is gray.'],
      target_lang: 'en-GB',
    });
    expect(variant.status).toBe(200);
  });

  it('counts improvement characters in usage', async () => {
    const before = (await t.call('GET', '/v2/usage')).body.character_count as number;
    expect((await rephrase({ text: ['Twelve chars'], target_lang: 'en-US' })).status).toBe(200);
    expect((await t.call('GET', '/v2/usage')).body.character_count).toBe(before + 12);
  });
});
