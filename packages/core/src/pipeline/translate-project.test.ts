import { describe, expect, it } from 'vitest';
import { requestsTo, testProject, testService } from '../test-support/test-project.js';

const CONFIG = JSON.stringify({
  sourceLocale: 'en',
  targetLocales: ['de', 'pl', 'ja'],
  files: [
    { source: 'locales/{locale}/*.json' },
    { source: 'docs/**/*.md', target: 'i18n/{locale}/{path}' },
  ],
});

describe('translateProject', async () => {
  const server = await testService();

  it('translates a project, then sends nothing on a second run', async () => {
    const project = await testProject({
      'transloom.config.json': CONFIG,
      'locales/en/common.json': JSON.stringify(
        {
          hello: 'Hello {{name}}',
          files_one: '{{count}} file',
          files_other: '{{count}} files',
          nested: { bye: 'Goodbye <1>friend</1>' },
        },
        null,
        2,
      ),
      'docs/intro.md': '# Welcome\n\nThis is **Transloom**. Run `transloom translate`.\n',
    });
    await project.run(server);
    server.faults!.requests.length = 0;
    const second = await project.run(server);
    console.log(JSON.stringify(second));
    expect(requestsTo(server)).toBe(0);
    expect(second.files.upToDate).toBe(2);
  });
});
