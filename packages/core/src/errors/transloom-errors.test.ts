import { ConfigError as ClientConfigError, TransloomError } from '@transloom/client';
import { ConfigError, InternalError, UsageError } from '@transloom/client/errors';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../config/resolve-config.js';
import { FormatError } from '../document/diagnostics.js';
import { loadDocument } from '../formats/load-document.js';

describe('core’s errors', () => {
  it('place a file’s problem at its line and column', () => {
    const thrown = (() => {
      try {
        loadDocument({ path: 'en.json', content: '{\n  "a": "b",,\n}' });
        return undefined;
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(FormatError);
    expect(thrown).toBeInstanceOf(TransloomError);
    expect(thrown).toMatchObject({
      kind: 'user',
      code: 'TRANSLOOM_FORMAT',
      position: { file: 'en.json', line: 2 },
    });
  });

  it('have one ConfigError, the client’s, with the configuration file as its position', () => {
    expect(ConfigError).toBe(ClientConfigError);
    expect(() => resolveConfig({ sourceLocale: 'en' }, '/p', '/p/transloom.config.json')).toThrow(
      expect.objectContaining({
        kind: 'user',
        code: 'TRANSLOOM_CONFIG',
        position: { file: '/p/transloom.config.json' },
      }),
    );
  });

  it('call an internal error internal and ask for a report', () => {
    const error = new InternalError('a queue closed twice');
    expect(error).toBeInstanceOf(TransloomError);
    expect(error.kind).toBe('internal');
    expect(error.message).toMatch(/^internal error: a queue closed twice\. .*report/);
  });

  it('make a misuse of the API a user error', () => {
    expect(() => loadDocument({ path: 'a.json', content: '{}', format: 'nope' as 'json' })).toThrow(
      expect.objectContaining({ kind: 'user', name: 'UsageError' }),
    );
    expect(new UsageError('x')).toBeInstanceOf(TransloomError);
  });
});
