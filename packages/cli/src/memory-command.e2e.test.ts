import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useRedisServer } from '../../core/src/test-support/redis-server.js';
import { e2eService, runTransloom, serviceEnv, translateRequests } from './test-support/e2e.js';

async function makeProject(root: string, prefix: string): Promise<void> {
  await mkdir(join(root, 'locales/en'), { recursive: true });
  await writeFile(
    join(root, 'locales/en/app.json'),
    JSON.stringify({ greeting: 'Hello {{name}}!', bye: 'Goodbye', more: 'Read <b>more</b>' }),
  );
  await writeFile(
    join(root, 'transloom.config.json'),
    JSON.stringify({
      sourceLocale: 'en',
      targetLocales: ['de'],
      files: [{ source: 'locales/{locale}/*.json' }],
      translationMemory: { redis: true, prefix },
    }),
  );
}

describe('transloom memory', async () => {
  const redis = useRedisServer();
  const server = await e2eService();
  const base = await mkdtemp(join(tmpdir(), 'transloom-memory-cli-'));
  afterAll(() => rm(base, { recursive: true, force: true }));
  const env = (more: Record<string, string>) => ({
    ...serviceEnv(server),
    TRANSLOOM_REDIS_URL: `redis://:hunter2-secret@127.0.0.1:${redis.port}/0`,
    ...more,
  });

  it('promotes a branch, exports TMX and imports it into another memory', async () => {
    const branch = join(base, 'branch');
    await makeProject(branch, 'cli');
    // A password the server does not ask for is still a password: it never shows.
    await runTransloom(['translate'], { cwd: branch, env: env({ GITHUB_HEAD_REF: 'feature/x' }) });
    const main = { cwd: branch, env: env({ GITHUB_REF_NAME: 'main' }) };
    const promoted = await runTransloom(
      ['memory', 'promote', '--from', 'feature/x', '--json'],
      main,
    );
    expect(promoted.code, promoted.stderr).toBe(0);
    expect(promoted.json).toEqual({ from: 'feature/x', to: 'main', copied: 3, kept: 0 });
    const text = await runTransloom(['memory', 'promote', '--from', 'feature/x'], main);
    expect(text.stdout).toBe(
      "promoted scope 'feature/x' into 'main': 0 entries copied, 3 already there\n",
    );

    const exported = await runTransloom(
      ['memory', 'export', '--tmx', 'out.tmx', '--scope', 'main'],
      main,
    );
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toMatch(
      /^wrote .*out\.tmx: 3 translation units of 3 texts \(de 3\)\n$/,
    );
    const tmx = await readFile(join(branch, 'out.tmx'), 'utf8');
    expect(tmx).toContain('<seg>Hello <ph x="1">{{name}}</ph>!</seg>');
    expect(tmx).toMatch(
      /<seg>Read <bpt i="1" x="1">&lt;b&gt;<\/bpt>more<ept i="1">&lt;\/b&gt;<\/ept><\/seg>/,
    );

    const fresh = join(base, 'fresh');
    await makeProject(fresh, 'cli-fresh');
    await writeFile(join(fresh, 'in.tmx'), tmx);
    const imported = await runTransloom(['memory', 'import', '--tmx', 'in.tmx', '--json'], {
      cwd: fresh,
      env: env({ GITHUB_REF_NAME: 'main' }),
    });
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.json).toMatchObject({ units: 3, stored: 3, unmatched: 0, problems: [] });
    server.faults!.requests.length = 0;
    const run = await runTransloom(['translate', '--json'], {
      cwd: fresh,
      env: env({ GITHUB_REF_NAME: 'main' }),
    });
    expect(run.json.locales.de.reused).toBe(3);
    expect(translateRequests(server)).toEqual([]);
    for (const out of [promoted, text, exported, imported, run])
      expect(out.stdout + out.stderr).not.toContain('hunter2');
  });

  it('refuses a translation whose placeholder is broken, naming its line (exit 3)', async () => {
    const root = join(base, 'broken');
    await makeProject(root, 'cli-broken');
    await writeFile(
      join(root, 'broken.tmx'),
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<tmx version="1.4"><header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en" o-tmf="x" creationtool="x" creationtoolversion="1"/>',
        '<body>',
        '<tu><tuv xml:lang="en"><seg>Goodbye</seg></tuv><tuv xml:lang="de"><seg>Tschüss</seg></tuv></tu>',
        '<tu>',
        '<tuv xml:lang="en"><seg>Hello <ph>{{name}}</ph>!</seg></tuv>',
        '<tuv xml:lang="de"><seg>Hallo <ph>{{nam}}</ph>!</seg></tuv>',
        '</tu>',
        '</body></tmx>',
      ].join('\n'),
    );
    const run = await runTransloom(['memory', 'import', '--tmx', 'broken.tmx'], {
      cwd: root,
      env: env({ GITHUB_REF_NAME: 'main' }),
    });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(
      "broken.tmx:7:20: error: the de translation does not carry the source's placeholders: the translation has a code the source lacks: <ph>{{nam}}</ph> [tmx-import]",
    );
    expect(run.stdout).toBe(
      'read 2 translation units: 1 translations stored, 1 refused, 0 of no text of the project\n',
    );
  });

  it('explains itself, and names a wrong action or option', async () => {
    const help = await runTransloom(['memory', '--help'], { cwd: base });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: transloom memory <promote|export|import>');
    const wrong = await runTransloom(['memory', 'forget'], { cwd: base });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('expected one of promote, export, import');
    const option = await runTransloom(['memory', 'import', '--tmx', 'a.tmx', '--scope', 'x'], {
      cwd: base,
    });
    expect(option.code).toBe(2);
    expect(option.stderr).toContain("--scope is not an option of 'memory import'");
  });
});
