import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from '@transloom/client/errors';
import { describe, expect, it } from 'vitest';
import { TEST_KEY, testProject, testService } from '../test-support/test-project.js';
import { createProject } from './create-project.js';

const GIT_CONFIG = '[core]\n\trepositoryformatversion = 0\n';

// A project that is also a git repository: `.git/` holds a config and a hooks folder.
async function repository(config: Record<string, unknown>) {
  const project = await testProject({
    'transloom.config.json': JSON.stringify({
      sourceLocale: 'en',
      targetLocales: ['de'],
      ...config,
    }),
    'notes.md': '# Notes\n\nText from a page.\n',
    'l/en.json': '{ "a": "A" }\n',
    '.git/config': GIT_CONFIG,
    '.git/hooks/.keep': '',
  });
  return project;
}

async function refusal(project: { root: string }, service?: { url: string; apiKey: string }) {
  const error = await createProject({ cwd: project.root, ...(service ? { service } : {}) })
    .then((p) => p.translate().finally(() => p.close()))
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
}

describe('.git and .github', async () => {
  const server = await testService();
  const service = { url: server.url, apiKey: TEST_KEY };

  it.each([
    ['a target', { files: [{ source: 'notes.md', target: '.git/config' }] }, 'files[0].target'],
    [
      'a target in another case',
      { files: [{ source: 'l/{locale}.json', target: '.GIT/hooks/x' }] },
      'files[0].target',
    ],
    [
      'a target spelt as Windows reads it',
      { files: [{ source: 'l/{locale}.json', target: '.git./hooks/{locale}' }] },
      'files[0].target',
    ],
    [
      'a source',
      { files: [{ source: '.git/{locale}.json', target: 'l/{locale}.json' }] },
      'files[0].source',
    ],
    [
      'the lock',
      { files: [{ source: 'l/{locale}.json' }], lockFile: 'sub/.git/config' },
      'lockFile',
    ],
    [
      'the memory',
      { files: [{ source: 'l/{locale}.json' }], translationMemory: { path: '.git/tm' } },
      'translationMemory.path',
    ],
    [
      'the glossary',
      { files: [{ source: 'l/{locale}.json' }], glossary: '.git/glossary.csv' },
      'glossary',
    ],
  ])(
    'refuses %s inside .git when the configuration is read; .git stays as it was',
    async (_, config, key) => {
      const project = await repository(config);
      server.faults!.requests.length = 0;
      const error = await refusal(project, service);
      expect(error.issues.map((i) => i.path)).toContain(key);
      expect(error.message).toContain('inside .git');
      expect(server.faults!.requests).toHaveLength(0);
      expect(await readFile(join(project.root, '.git/config'), 'utf8')).toBe(GIT_CONFIG);
    },
  );

  it('refuses targets and the lock in .github unless allowGitHubFolder is set', async () => {
    const files = [{ source: 'l/{locale}.json', target: '.github/workflows/{locale}.yml' }];
    const project = await repository({ files });
    const error = await refusal(project, service);
    expect(error.issues.map((i) => i.path)).toEqual(['files[0].target']);
    expect(error.message).toContain('set allowGitHubFolder: true');
    const lock = await refusal(
      await repository({ files: [{ source: 'l/{locale}.json' }], lockFile: '.github/t.lock' }),
      service,
    );
    expect(lock.issues.map((i) => i.path)).toEqual(['lockFile']);
    // A default target beside a source in .github is a write there too.
    const beside = await refusal(
      await repository({ files: [{ source: '.github/{locale}.json' }] }),
      service,
    );
    expect(beside.issues.map((i) => i.path)).toEqual(['files[0].target']);

    const allowed = await repository({ files, allowGitHubFolder: true });
    const engine = await createProject({ cwd: allowed.root, service });
    const report = await engine.translate();
    await engine.close();
    expect(report.files.written).toEqual(['.github/workflows/de.yml']);
  });

  it('refuses a target folder that is a link into .git, or into .github', async () => {
    const project = await repository({ files: [{ source: 'locales/{locale}/*.json' }] });
    await mkdir(join(project.root, 'locales/en'), { recursive: true });
    await writeFile(join(project.root, 'locales/en/a.json'), '{ "a": "A" }\n');
    await symlink(join(project.root, '.git/hooks'), join(project.root, 'locales/de'));
    const error = await refusal(project, service);
    expect(error.issues[0]).toMatchObject({ path: 'files[0].target' });
    expect(error.message).toContain("'locales/de/a.json' is a link to '.git/hooks/a.json'");
    expect(error.message).toContain('inside .git');

    await rm(join(project.root, 'locales/de'));
    await mkdir(join(project.root, '.github/workflows'), { recursive: true });
    await symlink(join(project.root, '.github/workflows'), join(project.root, 'locales/de'));
    const github = await refusal(project, service);
    expect(github.message).toContain('a link may not lead there');
  });

  it('refuses a source a glob finds through a link into .git', async () => {
    const project = await repository({ files: [{ source: 'pages/{locale}/*.md' }] });
    await mkdir(join(project.root, 'pages'), { recursive: true });
    await symlink(join(project.root, '.git'), join(project.root, 'pages/en'));
    await writeFile(join(project.root, '.git/description.md'), 'Unnamed repository\n');
    const error = await refusal(project, service);
    expect(error.issues[0]!.path).toBe('files[0].source');
    expect(error.message).toContain('inside .git');
  });
});
