import { describe, expect, it } from 'vitest';
import { loadDocument } from '../load-document.js';
import { canonicalLocale, textDirection } from './text-direction.js';

const render = (content: string, targetLocale: string, sourceLocale = 'en') =>
  loadDocument({ path: 'page.html', content, sourceLocale }).render({}, { targetLocale });

describe('HTML document locale', () => {
  it('knows right-to-left locales, by script, in any case, with region and script subtags', () => {
    for (const locale of [
      'ar',
      'AR',
      'he',
      'iw',
      'fa-IR',
      'ur',
      'ps',
      'ckb',
      'yi',
      'dv',
      'az-Arab',
      'pa-Arab',
      'syr',
    ])
      expect(textDirection(locale), locale).toBe('rtl');
    for (const locale of ['en', 'de', 'EN-GB', 'pt-BR', 'zh-Hans', 'ja', 'az', 'pa', 'tr'])
      expect(textDirection(locale), locale).toBe('ltr');
    expect(textDirection('ar_EG')).toBe('rtl');
    expect(textDirection('not a locale')).toBe('ltr');
    expect(canonicalLocale('PT-br')).toBe('pt-BR');
    expect(canonicalLocale('zh-hans')).toBe('zh-Hans');
  });

  it('sets lang, adding it when the page has none, and xml:lang where it is', () => {
    expect(render('<html lang="en-US"><body><p>Hi</p></body></html>', 'pt-br')).toBe(
      '<html lang="pt-BR"><body><p>Hi</p></body></html>',
    );
    expect(render('<HTML><body><p>Hi</p></body></HTML>', 'ja')).toBe(
      '<HTML lang="ja"><body><p>Hi</p></body></HTML>',
    );
    expect(render("<html lang=en xml:lang='en'><body></body></html>", 'de')).toBe(
      `<html lang="de" xml:lang='de'><body></body></html>`,
    );
    expect(render('<html lang><body></body></html>', 'de')).toBe(
      '<html lang="de"><body></body></html>',
    );
  });

  it('sets dir="rtl" for a right-to-left target, and turns an rtl page ltr for a left-to-right one', () => {
    expect(render('<!DOCTYPE html>\n<html lang="en">\n<body></body></html>', 'ar')).toBe(
      '<!DOCTYPE html>\n<html dir="rtl" lang="ar">\n<body></body></html>',
    );
    expect(render('<html lang="en" dir="ltr"><body></body></html>', 'he')).toBe(
      '<html lang="he" dir="rtl"><body></body></html>',
    );
    expect(render('<html><body></body></html>', 'fa')).toBe(
      '<html lang="fa" dir="rtl"><body></body></html>',
    );
    expect(render('<html lang="ar" dir="RTL"><body></body></html>', 'de', 'ar')).toBe(
      '<html lang="de" dir="ltr"><body></body></html>',
    );
    expect(render('<html lang="ar" dir="auto"><body></body></html>', 'he', 'ar')).toBe(
      '<html lang="he" dir="auto"><body></body></html>',
    );
    expect(render('<html lang="en"><body></body></html>', 'de')).toBe(
      '<html lang="de"><body></body></html>',
    );
  });

  it('leaves fragments and the source locale alone', () => {
    expect(render('<section><p>Hi</p></section>', 'ar')).toBe('<section><p>Hi</p></section>');
    expect(render('<html lang="en"><body></body></html>', 'en')).toBe(
      '<html lang="en"><body></body></html>',
    );
  });
});
