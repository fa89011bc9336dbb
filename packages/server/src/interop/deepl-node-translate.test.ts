import * as deepl from 'deepl-node';
import { describe, expect, it } from 'vitest';
import { startOfficialClient } from '../test-support/deepl-node-client.js';
import { KEYS } from '../test-support/test-server.js';

// deepl-node, an official Node client of the service family, over every method it has for
// translation, text improvement, languages, usage and style rules: one test per call.
const { client, clientFor, t, proxy } = await startOfficialClient({
  styleRules: [
    {
      name: 'House',
      language: 'de',
      configured_rules: { punctuation: { quotation_mark: 'use_guillemets' } },
      custom_instructions: [{ label: 'Tone', prompt: 'Be brief', source_language: 'en' }],
    },
    { name: 'Docs', language: 'en' },
  ],
});

let billed = 0;
const bill = (...texts: string[]) => {
  for (const text of texts) billed += [...text].length;
};

describe('deepl-node against the local service: translation, languages, usage, style rules', () => {
  it('getSourceLanguages', async () => {
    const languages = await client.getSourceLanguages();
    expect(languages).toContainEqual({ code: 'en', name: 'English' });
    expect(languages).toContainEqual({ code: 'de', name: 'German' });
    expect(languages.every((l) => l.supportsFormality === undefined)).toBe(true);
  });

  it('getTargetLanguages', async () => {
    const languages = await client.getTargetLanguages();
    expect(languages).toContainEqual({ code: 'de', name: 'German', supportsFormality: true });
    expect(languages).toContainEqual(
      expect.objectContaining({ code: 'en-GB', supportsFormality: false }),
    );
    expect(languages.map((l) => l.code)).not.toContain('en');
  });

  it('getGlossaryLanguagePairs', async () => {
    const pairs = await client.getGlossaryLanguagePairs();
    expect(pairs).toContainEqual({ sourceLang: 'en', targetLang: 'de' });
    expect(pairs).toContainEqual({ sourceLang: 'de', targetLang: 'en' });
    expect(pairs.some((p) => p.sourceLang === p.targetLang)).toBe(false);
  });

  it('translateText: one text, source detected', async () => {
    const text = 'The weather is lovely today, and we are going to the beach.';
    const result = await client.translateText(text, null, 'de');
    bill(text);
    expect(result.text).toMatch(/^\[Ţĥé ŵéáţĥéŕ íš ļöṽéļý ţöðáý, .* ţĥé ƀéáçĥ\. ~+\]$/);
    expect(result.detectedSourceLang).toBe('en');
    expect(result.billedCharacters).toBe(text.length);
  });

  it('translateText: several texts in order, source given', async () => {
    const results = await client.translateText(['One {{count}}', 'Two %s'], 'en', 'pl');
    bill('One {{count}}', 'Two %s');
    expect(results.map((r) => r.text)).toEqual(['[Öñé {{count}}]', '[Ţŵö %s]']);
    expect(results.every((r) => r.detectedSourceLang === 'en')).toBe(true);
  });

  it('translateText: formality more, and prefer_less where there is none', async () => {
    const formal = await client.translateText('Welcome', 'en', 'de', { formality: 'more' });
    const fallback = await client.translateText('Welcome', 'en', 'en-GB', {
      formality: 'prefer_less',
    });
    bill('Welcome', 'Welcome');
    expect(formal.text).toContain('⟨formal⟩');
    expect(fallback.text).not.toContain('⟨');
  });

  it('translateText: tag handling xml with ignore, splitting and non-splitting tags', async () => {
    const text = '<p>Save <x>keep me</x> <b>now</b></p>';
    const result = await client.translateText(text, 'en', 'fr', {
      tagHandling: 'xml',
      ignoreTags: ['x'],
      splittingTags: ['p'],
      nonSplittingTags: 'b',
      outlineDetection: false,
      splitSentences: 'nonewlines',
    });
    bill(text);
    expect(result.text).toContain('<x>keep me</x>');
    expect(result.text).toContain('<b>ñöŵ');
    expect(result.text).toContain('Šáṽé');
  });

  it('translateText: tag handling html keeps translate="no" content', async () => {
    const text = '<p>Open <span translate="no">Transloom</span> <a href="/x">here</a></p>';
    const result = await client.translateText(text, 'en', 'es', { tagHandling: 'html' });
    bill(text);
    expect(result.text).toContain('<span translate="no">Transloom</span>');
    expect(result.text).toContain('<a href="/x">ĥéŕé');
  });

  it('translateText: context, model type, sentence splitting and formatting options', async () => {
    const result = await client.translateText('Line one.\nLine two.', 'en', 'it', {
      context: 'A settings page; never billed',
      modelType: 'quality_optimized',
      splitSentences: 'off',
      preserveFormatting: true,
    });
    bill('Line one.\nLine two.');
    expect(result.modelTypeUsed).toBe('quality_optimized');
    expect(result.text).toContain('Ļíñé öñé.\nĻíñé ţŵö.');
    expect(result.billedCharacters).toBe(19);
  });

  it('translateText: tag handling v2 with prefer_quality_optimized', async () => {
    const result = await client.translateText('<b>Bold</b>', 'en', 'nl', {
      tagHandling: 'xml',
      tagHandlingVersion: 'v2',
      modelType: 'prefer_quality_optimized',
    });
    bill('<b>Bold</b>');
    expect(result.text).toBe('<b>[Ɓöļð]</b>');
    expect(result.modelTypeUsed).toBe('quality_optimized');
  });

  it('translateText: custom instructions', async () => {
    const result = await client.translateText('Thanks', 'en', 'ja', {
      customInstructions: ['Use polite forms', 'Keep it short'],
    });
    bill('Thanks');
    expect(result.text).toContain('⟨2 instructions⟩');
    expect(result.modelTypeUsed).toBeUndefined();
  });

  it('getAllStyleRules: defaults', async () => {
    const lists = await client.getAllStyleRules();
    expect(lists.map((l) => l.name)).toEqual(['House', 'Docs']);
    expect(lists[0]!.styleId).toMatch(/^[0-9a-f-]{36}$/);
    expect(lists[0]!.creationTime).toBeInstanceOf(Date);
    expect(lists[0]!.version).toBe(1);
    expect(lists[0]!.configuredRules).toBeUndefined();
  });

  it('getAllStyleRules: a page, detailed', async () => {
    const [house, ...rest] = await client.getAllStyleRules(0, 1, true);
    expect(rest).toEqual([]);
    expect(house!.configuredRules?.punctuation).toEqual({ quotation_mark: 'use_guillemets' });
    expect(house!.customInstructions).toEqual([
      { id: undefined, label: 'Tone', prompt: 'Be brief', sourceLanguage: 'en' },
    ]);
    const second = await client.getAllStyleRules(1, 1, false);
    expect(second.map((l) => l.name)).toEqual(['Docs']);
  });

  it('translateText: a style rule list', async () => {
    const [house] = await client.getAllStyleRules(0, 1);
    const result = await client.translateText('Hello', 'en', 'de', { styleRule: house! });
    bill('Hello');
    expect(result.text).toContain('style House v1');
    expect(result.text).toContain('1 instruction');
  });

  it('rephraseText: one text, target given', async () => {
    const result = await client.rephraseText('This are a sentence.', 'en-US');
    bill('This are a sentence.');
    expect(result.text.length).toBeGreaterThan(0);
    expect(result.detectedSourceLang).toBe('en');
    expect(result.targetLang).toBe('en-US');
  });

  it('rephraseText: several texts with a writing style', async () => {
    const results = await client.rephraseText(
      ['We should meet soon.', 'The report is late.'],
      'en-GB',
      deepl.WritingStyle.BUSINESS,
    );
    bill('We should meet soon.', 'The report is late.');
    expect(results).toHaveLength(2);
    expect(results.every((r) => r.targetLang === 'en-GB')).toBe(true);
  });

  it('rephraseText: a prefer_ tone falls back where unsupported', async () => {
    const result = await client.rephraseText(
      'Nous avons fini le travail.',
      'fr',
      null,
      deepl.WritingTone.PREFER_FRIENDLY,
    );
    bill('Nous avons fini le travail.');
    expect(result.detectedSourceLang).toBe('fr');
    expect(result.targetLang).toBe('fr');
  });

  it('getUsage: counts every character translated and improved, no context', async () => {
    const usage = await client.getUsage();
    expect(usage.character?.count).toBe(billed);
    expect(usage.character?.limit).toBeGreaterThan(billed);
    expect(usage.anyLimitReached()).toBe(false);
  });

  it('maps an unknown key to AuthorizationError and a free key on paid parts too', async () => {
    await expect(clientFor('no-such-key').getUsage()).rejects.toBeInstanceOf(
      deepl.AuthorizationError,
    );
    await expect(clientFor(KEYS.free).getAllStyleRules()).rejects.toBeInstanceOf(
      deepl.AuthorizationError,
    );
  });

  it('maps a reached key limit to QuotaExceededError', async () => {
    const created = await t.call('POST', '/v2/admin/developer-keys', {
      key: 'admin',
      json: { label: 'limited' },
    });
    await t.call('PUT', '/v2/admin/developer-keys/limits', {
      key: 'admin',
      json: { key_id: created.body.key_id, characters: 8 },
    });
    const limited = clientFor(created.body.key);
    // The request that reaches the limit is served; the next one is refused before any work.
    expect((await limited.translateText('Too long', 'en', 'de')).billedCharacters).toBe(8);
    await expect(limited.translateText('More', 'en', 'de')).rejects.toBeInstanceOf(
      deepl.QuotaExceededError,
    );
    const usage = await limited.getUsage();
    expect(usage.character?.count).toBe(billed + 8);
  });

  it('sent translations and text improvements as forms, through the proxy only', () => {
    const posts = proxy.requests.filter((r) => r.method === 'POST');
    expect(posts.length).toBeGreaterThan(10);
    expect(posts.every((r) => r.contentType?.startsWith('application/x-www-form-urlencoded'))).toBe(
      true,
    );
  });
});
