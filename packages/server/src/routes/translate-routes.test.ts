import { describe, expect, it } from 'vitest';
import { startTestServer } from '../test-support/test-server.js';

const t = await startTestServer({
  styleRules: [
    {
      style_id: '11111111-1111-4111-8111-111111111111',
      name: 'House style',
      language: 'de',
      version: 3,
      configured_rules: { punctuation: { quotation_marks: 'use_guillemets' } },
      custom_instructions: [{ label: 'Tone', prompt: 'Be brief' }],
    },
  ],
});

async function translate(json: Record<string, unknown>, key: 'paid' | 'free' = 'paid') {
  return t.call('POST', '/v2/translate', { json, key });
}

describe('POST /v2/translate', () => {
  it('translates every text in order with the pseudo engine', async () => {
    const res = await translate({
      text: ['Hello', 'Good morning'],
      target_lang: 'DE',
      source_lang: 'EN',
    });
    expect(res.status).toBe(200);
    expect(res.body.translations).toHaveLength(2);
    expect(res.body.translations[0]).toEqual({ detected_source_language: 'EN', text: '[Ĥéļļö]' });
    expect(res.body.translations[1].text).toMatch(/^\[Ĝööð ɱöŕñíñĝ ~+\]$/);
  });

  it('accepts form bodies with repeated text and 1/0/true/false booleans', async () => {
    const form =
      'text=Hello&text=World&target_lang=fr&source_lang=en&show_billed_characters=1&preserve_formatting=false';
    const res = await t.call('POST', '/v2/translate', { form });
    expect(res.status).toBe(200);
    expect(res.body.translations.map((x: { text: string }) => x.text)).toEqual([
      '[Ĥéļļö]',
      '[Ŵöŕļð]',
    ]);
    expect(res.body.translations[0].billed_characters).toBe(5);
    const bad = await t.call('POST', '/v2/translate', {
      form: 'text=a&target_lang=de&show_billed_characters=yes',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('show_billed_characters');
  });

  it('requires text and target_lang, and rejects unknown languages', async () => {
    expect((await translate({ target_lang: 'DE' })).body.message).toContain("'text' is required");
    expect((await translate({ text: [], target_lang: 'DE' })).status).toBe(400);
    expect((await translate({ text: ['a'] })).body.message).toContain("'target_lang' is required");
    const unknown = await translate({ text: ['a'], target_lang: 'XX' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain("'target_lang'");
    const variantSource = await translate({ text: ['a'], target_lang: 'DE', source_lang: 'EN-GB' });
    expect(variantSource.status).toBe(400);
    expect(variantSource.body.message).toContain("'EN'");
    expect((await translate({ text: 'a', target_lang: 'DE' })).body.message).toContain(
      'array of strings',
    );
  });

  it('accepts 50 texts and rejects 51', async () => {
    const fifty = Array.from({ length: 50 }, (_, i) => `text ${i}`);
    expect((await translate({ text: fifty, target_lang: 'DE', source_lang: 'EN' })).status).toBe(
      200,
    );
    const res = await translate({
      text: [...fifty, 'one more'],
      target_lang: 'DE',
      source_lang: 'EN',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('at most 50');
  });

  it('answers 413 for a body over 131072 bytes and accepts one just under', async () => {
    const envelope = JSON.stringify({ text: [''], target_lang: 'DE', source_lang: 'EN' }).length;
    const fits = 'a'.repeat(131_072 - envelope);
    const ok = await translate({ text: [fits], target_lang: 'DE', source_lang: 'EN' });
    expect(ok.status).toBe(200);
    const tooBig = await translate({ text: [`${fits}a`], target_lang: 'DE', source_lang: 'EN' });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toContain('131072');
  });

  it('applies formality only where the target supports it, prefer_* falling back', async () => {
    const de = await translate({
      text: ['Hello'],
      target_lang: 'DE',
      source_lang: 'EN',
      formality: 'more',
    });
    expect(de.body.translations[0].text).toContain('⟨formal⟩');
    const less = await translate({
      text: ['Hello'],
      target_lang: 'PT-BR',
      source_lang: 'EN',
      formality: 'less',
    });
    expect(less.body.translations[0].text).toContain('⟨informal⟩');
    const fails = await translate({
      text: ['Hello'],
      target_lang: 'EN-GB',
      source_lang: 'DE',
      formality: 'more',
    });
    expect(fails.status).toBe(400);
    expect(fails.body.message).toContain('formality');
    const falls = await translate({
      text: ['Hello'],
      target_lang: 'EN-GB',
      source_lang: 'DE',
      formality: 'prefer_more',
    });
    expect(falls.status).toBe(200);
    expect(falls.body.translations[0].text).not.toContain('⟨');
    const prefer = await translate({
      text: ['Hello'],
      target_lang: 'JA',
      source_lang: 'EN',
      formality: 'prefer_less',
    });
    expect(prefer.body.translations[0].text).toContain('⟨informal⟩');
    expect((await translate({ text: ['x'], target_lang: 'DE', formality: 'polite' })).status).toBe(
      400,
    );
  });

  it('needs source_lang and a matching pair for a glossary; an EN glossary serves EN-GB and EN-US', async () => {
    const created = await t.call('POST', '/v3/glossaries', {
      json: {
        name: 'Terms',
        dictionaries: [
          {
            source_lang: 'en',
            target_lang: 'de',
            entries: 'account\tKonto',
            entries_format: 'tsv',
          },
          {
            source_lang: 'de',
            target_lang: 'en',
            entries: 'Konto\taccount',
            entries_format: 'tsv',
          },
        ],
      },
    });
    const id = created.body.glossary_id as string;
    const used = await translate({
      text: ['Open your account now'],
      target_lang: 'DE',
      source_lang: 'EN',
      glossary_id: id,
    });
    expect(used.status).toBe(200);
    expect(used.body.translations[0].text).toContain(' Konto ');
    const noSource = await translate({ text: ['account'], target_lang: 'DE', glossary_id: id });
    expect(noSource.status).toBe(400);
    expect(noSource.body.message).toContain('source_lang');
    const wrongPair = await translate({
      text: ['account'],
      target_lang: 'FR',
      source_lang: 'EN',
      glossary_id: id,
    });
    expect(wrongPair.status).toBe(400);
    expect(wrongPair.body.message).toContain('en -> fr');
    for (const target of ['EN-GB', 'EN-US']) {
      const variant = await translate({
        text: ['Mein Konto'],
        target_lang: target,
        source_lang: 'DE',
        glossary_id: id,
      });
      expect(variant.status).toBe(200);
      expect(variant.body.translations[0].text).toContain('account');
    }
    const missing = await translate({
      text: ['x'],
      target_lang: 'DE',
      source_lang: 'EN',
      glossary_id: 'nope',
    });
    expect(missing.status).toBe(404);
  });

  it('takes one glossary from glossary_ids, and refuses several or both parameters', async () => {
    const created = await t.call('POST', '/v3/glossaries', {
      json: {
        name: 'Ids',
        dictionaries: [{ source_lang: 'en', target_lang: 'de', entries: 'cart\tWarenkorb' }],
      },
    });
    const id = created.body.glossary_id as string;
    const base = { text: ['Your cart'], target_lang: 'DE', source_lang: 'EN' };
    const one = await t.call('POST', '/v2/translate', {
      form: `text=Your+cart&target_lang=DE&source_lang=EN&glossary_ids=${id}`,
    });
    expect(one.body.translations[0].text).toContain('Warenkorb');
    const several = await translate({ ...base, glossary_ids: `${id},${id}` });
    expect(several.status).toBe(400);
    expect(several.body.message).toContain('one glossary per request');
    const both = await translate({ ...base, glossary_id: id, glossary_ids: id });
    expect(both.status).toBe(400);
    expect(both.body.message).toContain("'glossary_id' or 'glossary_ids'");
  });

  it('applies a style list whose language matches the target, and refuses others', async () => {
    const id = '11111111-1111-4111-8111-111111111111';
    const ok = await translate({
      text: ['Hello'],
      target_lang: 'DE',
      source_lang: 'EN',
      style_id: id,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.translations[0].text).toContain('style House style v3 · 1 instruction');
    const mismatch = await translate({
      text: ['Hello'],
      target_lang: 'FR',
      source_lang: 'EN',
      style_id: id,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toContain('does not match target_lang');
    expect(
      (await translate({ text: ['Hello'], target_lang: 'DE', style_id: 'missing' })).status,
    ).toBe(404);
    expect(
      (await translate({ text: ['Hello'], target_lang: 'DE', style_id: id }, 'free')).status,
    ).toBe(403);
  });

  it('limits custom instructions to 10 of 300 characters and to the listed targets', async () => {
    const base = { text: ['Hello'], source_lang: 'EN' };
    const ok = await translate({
      ...base,
      target_lang: 'ZH-HANS',
      custom_instructions: ['Be brief', 'x'.repeat(300)],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.translations[0].text).toContain('2 instructions');
    const eleven = await translate({
      ...base,
      target_lang: 'DE',
      custom_instructions: Array(11).fill('a'),
    });
    expect(eleven.body.message).toContain('at most 10');
    const long = await translate({
      ...base,
      target_lang: 'DE',
      custom_instructions: ['x'.repeat(301)],
    });
    expect(long.body.message).toContain('at most 300');
    const target = await translate({
      ...base,
      target_lang: 'PL',
      custom_instructions: ['Be brief'],
    });
    expect(target.status).toBe(400);
    expect(target.body.message).toContain('not supported for target language PL');
  });

  it('rejects latency_optimized with style_id, custom_instructions or tag_handling_version=v2', async () => {
    const base = {
      text: ['Hello'],
      target_lang: 'DE',
      source_lang: 'EN',
      model_type: 'latency_optimized',
    };
    for (const extra of [
      { style_id: '11111111-1111-4111-8111-111111111111' },
      { custom_instructions: ['Be brief'] },
      { tag_handling: 'xml', tag_handling_version: 'v2' },
    ]) {
      const res = await translate({ ...base, ...extra });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('latency_optimized');
    }
  });

  it('reports model_type_used only when model_type is set', async () => {
    const base = { text: ['Hello'], target_lang: 'DE', source_lang: 'EN' };
    expect((await translate(base)).body.translations[0].model_type_used).toBeUndefined();
    const latency = await translate({ ...base, model_type: 'latency_optimized' });
    expect(latency.body.translations[0].model_type_used).toBe('latency_optimized');
    const prefer = await translate({ ...base, model_type: 'prefer_quality_optimized' });
    expect(prefer.body.translations[0].model_type_used).toBe('quality_optimized');
    expect((await translate({ ...base, model_type: 'fast' })).status).toBe(400);
  });

  it('shows billed characters per text when asked (code points, context not counted)', async () => {
    const res = await translate({
      text: ['Hi 😀', 'héllo'],
      target_lang: 'DE',
      source_lang: 'EN',
      context: 'A long context that is never billed',
      show_billed_characters: true,
    });
    expect(
      res.body.translations.map((x: { billed_characters: number }) => x.billed_characters),
    ).toEqual([4, 5]);
  });

  it('detects the source language with a language-detection library when source_lang is absent', async () => {
    const res = await translate({
      text: [
        'Guten Tag, wie geht es Ihnen heute?',
        'Bonjour tout le monde, comment allez-vous?',
        'Where is the station?',
      ],
      target_lang: 'JA',
    });
    expect(
      res.body.translations.map(
        (x: { detected_source_language: string }) => x.detected_source_language,
      ),
    ).toEqual(['DE', 'FR', 'EN']);
  });

  it('validates split_sentences, preserve_formatting and the tag parameters', async () => {
    const base = { text: ['Hello'], target_lang: 'DE', source_lang: 'EN' };
    for (const value of ['0', '1', 'nonewlines']) {
      expect((await translate({ ...base, split_sentences: value })).status).toBe(200);
    }
    expect((await translate({ ...base, split_sentences: '2' })).status).toBe(400);
    expect((await translate({ ...base, preserve_formatting: 'maybe' })).status).toBe(400);
    const tags = await translate({
      ...base,
      tag_handling: 'xml',
      outline_detection: false,
      splitting_tags: ['p', 'br'],
      non_splitting_tags: 'b,i',
      ignore_tags: ['code'],
    });
    expect(tags.status).toBe(200);
    expect((await translate({ ...base, tag_handling: 'markdown' })).status).toBe(400);
    expect((await translate({ ...base, outline_detection: 'no' })).status).toBe(400);
    expect((await translate({ ...base, enable_beta_languages: true })).status).toBe(200);
  });

  it('translates text only with tag_handling, keeping every tag and ignored content', async () => {
    const text =
      '<p>Hello <b id="1">bold</b> <x id="2"/> world <code>keep this</code> &amp; <br/>end</p>';
    const res = await translate({
      text: [text],
      target_lang: 'DE',
      source_lang: 'EN',
      tag_handling: 'xml',
      ignore_tags: ['code'],
    });
    const out: string = res.body.translations[0].text;
    const tags = (s: string) => s.match(/<[^>]+>/g);
    expect(tags(out)).toEqual(tags(text));
    expect(out).toContain('<code>keep this</code>');
    expect(out).toContain('&amp;');
    expect(out).toContain('ŵöŕļð');
    const html = await translate({
      text: ['<p>Run <script>var hello = 1;</script> now<br>done</p>'],
      target_lang: 'DE',
      source_lang: 'EN',
      tag_handling: 'html',
    });
    expect(html.body.translations[0].text).toContain('<script>var hello = 1;</script>');
    expect(html.body.translations[0].text).toContain('<br>');
  });

  it('keeps placeholders of plain texts', async () => {
    const res = await translate({
      text: ['Hi {{name}}, {count} files, %s and %1$d at https://example.com/a?b=c'],
      target_lang: 'DE',
      source_lang: 'EN',
    });
    const out: string = res.body.translations[0].text;
    for (const kept of ['{{name}}', '{count}', '%s', '%1$d', 'https://example.com/a?b=c'])
      expect(out).toContain(kept);
  });

  it('bills same-language requests', async () => {
    const before = (await t.call('GET', '/v2/usage')).body.character_count as number;
    await translate({ text: ['Hello'], target_lang: 'EN-GB', source_lang: 'EN' });
    expect((await t.call('GET', '/v2/usage')).body.character_count).toBe(before + 5);
  });
});
