import { describe, expect, it } from 'vitest';
import { ConfigError, closest, resolveConfig } from './resolve-config.js';

const base = {
  sourceLocale: 'en',
  targetLocales: ['de', 'ja'],
  files: [{ source: 'locales/{locale}/*.json' }],
};
const issuesOf = (raw: unknown) => {
  try {
    resolveConfig(raw, '/project', '/project/transloom.config.json');
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).issues.map((i) => `${i.path}: ${i.message}`);
  }
  throw new Error('expected a ConfigError');
};

describe('resolveConfig', () => {
  it('fills in defaults and makes paths absolute', () => {
    const config = resolveConfig(base, '/project');
    expect(config).toMatchObject({
      context: 'none',
      concurrency: 4,
      requestTimeout: 60_000,
      translationMemory: '/project/.transloom/tm',
      lockFile: '/project/transloom.lock',
    });
    expect(config.settings('de')).toEqual({
      formality: 'default',
      style: undefined,
      customInstructions: [],
      modelType: undefined,
    });
  });

  it('names an unknown key and suggests the closest valid one, at any depth', () => {
    expect(issuesOf({ ...base, targetLocale: ['de'] })).toContain(
      "targetLocale: unknown key; did you mean 'targetLocales'?",
    );
    expect(issuesOf({ ...base, files: [{ sorce: 'a.json' }] })).toEqual(
      expect.arrayContaining(["files[0].sorce: unknown key; did you mean 'source'?"]),
    );
    expect(issuesOf({ ...base, locales: { de: { formalty: 'less' } } })).toEqual([
      "locales.de.formalty: unknown key; did you mean 'formality'?",
    ]);
  });

  it('checks values against their rules', () => {
    expect(issuesOf({ ...base, formality: 'polite' })[0]).toMatch(/^formality: /);
    expect(issuesOf({ ...base, targetLocales: ['de', 'en'] })).toEqual([
      "targetLocales: must not contain the source locale 'en'",
    ]);
    expect(issuesOf({ ...base, targetLocales: ['de', 'de'] })).toEqual([
      "targetLocales[1]: 'de' is listed twice",
    ]);
    expect(issuesOf({ ...base, locales: { fr: {} } })).toEqual([
      'locales.fr: is not a target locale',
    ]);
    expect(issuesOf({ ...base, files: [{ source: 'messages.xlf' }] })).toEqual([
      "files[0].target: is required when 'source' has no {locale} to replace",
    ]);
    expect(issuesOf({ ...base, targetLocales: ['de_DE'] })[0]).toMatch(
      /^targetLocales\[0\]: must be a locale code/,
    );
  });

  it('takes requestTimeout in milliseconds, and says so for a value that looks like seconds', () => {
    expect(resolveConfig({ ...base, requestTimeout: 1500 }, '/project').requestTimeout).toBe(1500);
    expect(issuesOf({ ...base, requestTimeout: 60 })).toEqual([
      'requestTimeout: is in milliseconds: at least 100',
    ]);
    expect(issuesOf({ ...base, requestTimeout: 2.5 })[0]).toMatch(/^requestTimeout: /);
    expect(issuesOf({ ...base, requestTimeout: 4_000_000 })).toEqual([
      'requestTimeout: is in milliseconds: at most 3600000 (one hour)',
    ]);
    expect(issuesOf({ ...base, requestTimout: 500 })).toContain(
      "requestTimout: unknown key; did you mean 'requestTimeout'?",
    );
  });

  it("enforces the contract's limits on custom instructions, formality and model type", () => {
    const many = Array.from({ length: 11 }, (_, i) => `Rule ${i}`);
    expect(issuesOf({ ...base, targetLocales: ['de'], customInstructions: many })).toEqual([
      'customInstructions: holds 11 instructions; at most 10 are allowed',
    ]);
    expect(
      issuesOf({
        ...base,
        targetLocales: ['de'],
        locales: { de: { customInstructions: ['x'.repeat(301)] } },
      }),
    ).toEqual(['locales.de.customInstructions[0]: is 301 characters; at most 300 are allowed']);
    expect(
      issuesOf({ ...base, targetLocales: ['pl'], customInstructions: ['Be brief'] })[0],
    ).toMatch(/custom instructions are not supported for 'pl'/);
    expect(() =>
      resolveConfig(
        {
          ...base,
          targetLocales: ['ja', 'ko'],
          formality: 'more',
          locales: { ja: { formality: 'more' } },
        },
        '/p',
      ),
    ).not.toThrow();
    expect(
      issuesOf({ ...base, targetLocales: ['ko'], locales: { ko: { formality: 'less' } } }),
    ).toEqual([
      "locales.ko.formality: 'less' is not available for 'ko'; use 'prefer_less' to fall back to the default where it is not",
    ]);
    expect(issuesOf({ ...base, modelType: 'latency_optimized', style: 'house' })[0]).toBe(
      "modelType: 'latency_optimized' cannot be combined with a style or custom instructions ('de')",
    );
  });

  it('merges per-locale settings over the global ones', () => {
    const config = resolveConfig(
      {
        ...base,
        formality: 'prefer_more',
        style: 'house',
        locales: { ja: { formality: 'less', style: 'ja-house' } },
      },
      '/p',
    );
    expect(config.settings('de')).toMatchObject({ formality: 'prefer_more', style: 'house' });
    expect(config.settings('ja')).toMatchObject({ formality: 'less', style: 'ja-house' });
  });

  it('suggests only close words', () => {
    expect(closest('sourceLocal', ['sourceLocale', 'targetLocales'])).toBe('sourceLocale');
    expect(closest('zzz', ['sourceLocale', 'targetLocales'])).toBeUndefined();
  });
});
