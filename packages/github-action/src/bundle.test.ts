import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(packageDir, '..', '..');
const check = (...args: string[]) =>
  spawnSync(process.execPath, ['build.mjs', '--check', ...args], {
    cwd: packageDir,
    encoding: 'utf8',
  });

describe('the committed bundle', () => {
  it('is what the sources build today (run `pnpm --filter @transloom/github-action build` and commit dist/ when not)', () => {
    const result = check();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('is reported stale when it differs from a fresh build', () => {
    const stale = join(tmpdir(), `transloom-stale-bundle-${process.pid}.js`);
    writeFileSync(
      stale,
      `${readFileSync(join(packageDir, 'dist', 'index.js'), 'utf8')}\n// edited\n`,
    );
    const result = check(stale);
    rmSync(stale, { force: true });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('is stale');
  });

  it('carries no local service and no native module, and is tracked by git', () => {
    const code = readFileSync(join(packageDir, 'dist', 'index.js'), 'utf8');
    // esbuild heads each module's code with its path: the modules the bundle holds.
    const modules = [...code.matchAll(/^\/\/ (\S+\.[cm]?js)$/gm)].map((m) => m[1]!);
    expect(modules).toContain('../core/dist/project/create-project.js');
    expect(modules.filter((m) => /^\.\.\/server\/|sqlite|node-gyp-build@/.test(m))).toEqual([]);
    expect(/require\([^)]*\.node["']\)/.test(code)).toBe(false);
    const tracked = execFileSync('git', ['ls-files', 'packages/github-action/dist'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(tracked.split('\n').filter(Boolean).sort()).toEqual([
      'packages/github-action/dist/index.js',
      'packages/github-action/dist/ioredis.js',
      'packages/github-action/dist/licenses.txt',
    ]);
  });
});

describe('the Redis client of the shared memory', () => {
  it('is a file of its own, loaded only when a project configures a shared memory', async () => {
    const code = readFileSync(join(packageDir, 'dist', 'index.js'), 'utf8');
    // Not in the bundle: only the engine's dynamic import names it.
    expect(code).not.toMatch(/node_modules\/\.pnpm\/ioredis@/);
    expect([...code.matchAll(/import\("\.\/ioredis\.js"\)/g)]).toHaveLength(1);
    const redis = await import(join(packageDir, 'dist', 'ioredis.js'));
    expect(typeof redis.Redis).toBe('function');
    expect(readFileSync(join(packageDir, 'dist', 'licenses.txt'), 'utf8')).toMatch(/^ioredis@/m);
  });
});

describe('action.yml', () => {
  const own = parse(readFileSync(join(packageDir, 'action.yml'), 'utf8'));
  const top = parse(readFileSync(join(root, 'action.yml'), 'utf8'));

  it('runs the bundle on node24, from the package and from the repository root alike', () => {
    expect(own.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
    expect(top.runs).toEqual({ using: 'node24', main: 'packages/github-action/dist/index.js' });
    expect({ ...top, runs: undefined }).toEqual({ ...own, runs: undefined });
  });

  it('declares every input the Action reads and every output it sets', () => {
    const sources = readFileSync(join(packageDir, 'src', 'action-inputs.ts'), 'utf8');
    const read = new Set([...sources.matchAll(/get\('([a-z-]+)'\)/g)].map((m) => m[1]));
    expect([...read].sort()).toEqual(Object.keys(own.inputs).sort());
    const code = ['run-check.ts', 'run-translate.ts', 'run-comment.ts', 'report-findings.ts']
      .map((f) => readFileSync(join(packageDir, 'src', f), 'utf8'))
      .join('\n');
    const set = new Set([...code.matchAll(/setOutput\('([a-z-]+)'/g)].map((m) => m[1]));
    expect([...set].sort()).toEqual(Object.keys(own.outputs).sort());
  });
});
