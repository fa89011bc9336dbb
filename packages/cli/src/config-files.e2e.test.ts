import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { e2eService, runTransloom, serviceEnv } from './test-support/e2e.js';

// The bundled command loads a configuration's parser only for its kind of file; each kind is
// tried through the built `transloom` itself, where the bundle hands CommonJS modules over.
const KINDS: Record<string, string> = {
  '.transloomrc.yaml':
    'sourceLocale: en\ntargetLocales: [de]\nfiles:\n  - source: locales/{locale}.json\n',
  'transloom.config.mjs':
    "export default { sourceLocale: 'en', targetLocales: ['de'], files: [{ source: 'locales/{locale}.json' }] };\n",
  'transloom.config.json':
    '{ "sourceLocale": "en", "targetLocales": ["de"], "files": [{ "source": "locales/{locale}.json" }] }\n',
  'transloom.config.ts':
    "const config: { sourceLocale: string; targetLocales: string[]; files: { source: string }[] } = { sourceLocale: 'en', targetLocales: ['de'], files: [{ source: 'locales/{locale}.json' }] };\nexport default config;\n",
};

describe('the built command reads every kind of configuration file', async () => {
  const server = await e2eService();

  for (const [name, text] of Object.entries(KINDS)) {
    it(`translates with ${name}`, async () => {
      const root = await mkdtemp(join(tmpdir(), 'transloom-config-kind-'));
      await mkdir(join(root, 'locales'));
      await writeFile(join(root, name), text);
      await writeFile(join(root, 'locales/en.json'), '{ "greeting": "Hello" }\n');
      const run = await runTransloom(['translate', '--json'], {
        cwd: root,
        env: serviceEnv(server),
      });
      expect(run.code, run.stderr).toBe(0);
      const written = JSON.parse(await readFile(join(root, 'locales/de.json'), 'utf8'));
      expect(Object.keys(written)).toEqual(['greeting']);
      expect(written.greeting).not.toBe('Hello');
    });
  }
});
