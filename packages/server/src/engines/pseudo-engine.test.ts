import { describe, expect, it } from 'vitest';
import { PLAIN_TEXT_REQUEST } from './plain-text-request.js';
import { accent, pseudoLocalize } from './pseudo-engine.js';
import type { EngineTranslateInput } from './translation-engine.js';

const base: EngineTranslateInput = {
  texts: [],
  sourceLang: 'EN',
  targetLang: 'DE',
  formality: 'default',
  ...PLAIN_TEXT_REQUEST,
  preserveFormatting: false,
  glossary: null,
  modelType: 'latency_optimized',
};

describe('pseudo engine', () => {
  it('accents every ASCII letter and nothing else', () => {
    expect(accent('Hello, World 42!')).toBe('Ĥéļļö, Ŵöŕļð 42!');
  });

  it('is deterministic, bracketed and about 30% longer', () => {
    const text = 'The quick brown fox jumps over the lazy dog again and again';
    const out = pseudoLocalize(text, base);
    expect(pseudoLocalize(text, base)).toBe(out);
    expect(out.startsWith('[') && out.endsWith(']')).toBe(true);
    const growth = [...out].length / [...text].length;
    expect(growth).toBeGreaterThan(1.2);
    expect(growth).toBeLessThan(1.4);
  });

  it('leaves empty and letterless texts alone', () => {
    expect(pseudoLocalize('', base)).toBe('');
    expect(pseudoLocalize('  42 ', base)).toBe('  42 ');
    expect(pseudoLocalize('<x id="1"/>', { ...base, tagHandling: 'xml' })).toBe('<x id="1"/>');
  });

  it('encloses placeholders and keeps brackets inside surrounding markup', () => {
    expect(pseudoLocalize('Welcome back, {{name}}', base)).toBe('[Ŵéļçöɱé ƀáçķ, {{name}} ~]');
    expect(pseudoLocalize('<p>Hello</p>', { ...base, tagHandling: 'xml' })).toBe('<p>[Ĥéļļö]</p>');
  });

  it('applies glossary targets verbatim, longest match first, whole words only', () => {
    const glossary = [
      { source: 'sign in', target: 'anmelden' },
      { source: 'sign', target: 'Zeichen' },
      { source: 'in', target: 'IN' },
    ];
    const out = pseudoLocalize('Sign in to sign inside', { ...base, glossary });
    expect(out).toContain('anmelden');
    expect(out).toContain('Zeichen');
    expect(out).toContain('íñšíðé');
  });

  it('makes formality, style lists and instructions visible, escaped for XML', () => {
    expect(pseudoLocalize('Hi', { ...base, formality: 'more' })).toBe('[Ĥí ⟨formal⟩]');
    const style = {
      styleId: 's',
      name: 'A<B',
      version: 2,
      language: 'de',
      configuredRules: {},
      customInstructions: [],
    };
    expect(
      pseudoLocalize('Hi', { ...base, style, customInstructions: ['x'], tagHandling: 'xml' }),
    ).toBe('[Ĥí ⟨style A&lt;B v2 · 1 instruction⟩]');
  });
});

describe('pseudo engine brackets', () => {
  it('closes tags opened inside the sentence before the closing bracket', () => {
    const input = { ...base, tagHandling: 'xml' as const };
    expect(pseudoLocalize('Your <b>cart</b>', input)).toBe('[Ýöúŕ <b>çáŕţ</b>]');
    expect(pseudoLocalize('<p>Hi <i>there</i></p>', input)).toBe('<p>[Ĥí <i>ţĥéŕé</i>]</p>');
    expect(pseudoLocalize('Open <a href="/x">the settings page</a>', input)).toBe(
      '[Öþéñ <a href="/x">ţĥé šéţţíñĝš þáĝé</a> ~~~~]',
    );
  });
});
