import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '@transloom/client/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEAP_GROWING_ENV, heapGrowthFlag } from './heap-growth.js';
import { e2eService, runTransloom, serviceEnv } from './test-support/e2e.js';

describe('heapGrowthFlag', () => {
  it('bounds growth to 50% by default, to the percent the environment names, or not at all', () => {
    expect(heapGrowthFlag({}, [])).toBe('--heap-growing-percent=50');
    expect(heapGrowthFlag({ [HEAP_GROWING_ENV]: '30' }, [])).toBe('--heap-growing-percent=30');
    expect(heapGrowthFlag({ [HEAP_GROWING_ENV]: '0' }, [])).toBeUndefined();
  });

  it("leaves Node's own --heap-growing-percent alone", () => {
    expect(heapGrowthFlag({}, ['--heap-growing-percent=200'])).toBeUndefined();
    expect(heapGrowthFlag({ [HEAP_GROWING_ENV]: '30' }, ['--heap_growing_percent=5'])).toBe(
      undefined,
    );
  });

  it('refuses a value that is not a whole number from 0 to 1000', () => {
    for (const bad of ['lots', '-1', '1.5', '5000'])
      expect(() => heapGrowthFlag({ [HEAP_GROWING_ENV]: bad }, [])).toThrow(UsageError);
  });
});

// The real command, with a preload that, once the command is done, makes 32 MB of live data
// and objects that live through a few young collections and then die in old space, as a
// run's per-locale work does, and reports the largest heap V8 let it reach.
const WORKLOAD = `
import { getHeapStatistics } from 'node:v8';
import { writeFileSync } from 'node:fs';
process.on('exit', () => {
  const live = [];
  const recent = new Array(1 << 17);
  let peak = 0;
  for (let i = 0; i < 1 << 20; i++) {
    recent[i & ((1 << 17) - 1)] = { text: 'y'.repeat(400) + i, i };
    if (i % 32 === 0) live.push('x'.repeat(1000) + i);
    if (i % 1024 === 0) peak = Math.max(peak, getHeapStatistics().total_heap_size);
  }
  writeFileSync(process.env.HEAP_PEAK_FILE, String(peak));
});
`;

const service = await e2eService();

describe('the transloom command bounds its heap growth once a run has work', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'transloom-heap-'));
    await writeFile(join(dir, 'workload.mjs'), WORKLOAD);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  // A project of one catalog with two strings to translate into German.
  const project = async (name: string) => {
    const root = join(dir, name);
    await mkdir(join(root, 'locales'), { recursive: true });
    await writeFile(
      join(root, 'transloom.config.json'),
      JSON.stringify({
        sourceLocale: 'en',
        targetLocales: ['de'],
        files: [{ source: 'locales/{locale}.json' }],
      }),
    );
    await writeFile(join(root, 'locales/en.json'), '{ "a": "One", "b": "Two" }\n');
    return root;
  };

  const peakHeap = async (cwd: string, args: string[], env: NodeJS.ProcessEnv = {}) => {
    const file = join(dir, `peak-${Math.random().toString(36).slice(2)}.txt`);
    const run = await runTransloom(args, {
      cwd,
      env: {
        ...serviceEnv(service),
        ...env,
        NODE_OPTIONS: `--import=${join(dir, 'workload.mjs')}`,
        HEAP_PEAK_FILE: file,
      },
    });
    expect(run.code, run.stderr).toBe(0);
    return Number(await readFile(file, 'utf8'));
  };

  it('keeps the heap of a run that translates well below what V8 reaches on its own', async () => {
    const bounded = await peakHeap(await project('bounded'), ['translate', '--quiet']);
    const free = await peakHeap(await project('free'), ['translate', '--quiet'], {
      [HEAP_GROWING_ENV]: '0',
    });
    expect(bounded).toBeLessThan(free * 0.75);
  });

  it("leaves V8's own growth to a run with nothing to do", async () => {
    const root = await project('noop');
    const bounded = await peakHeap(root, ['translate', '--quiet']);
    // The second run finds every file up to date: the bound is never set.
    const noop = await peakHeap(root, ['translate', '--quiet']);
    expect(noop).toBeGreaterThan(bounded / 0.75);
  });

  it('stops with a usage error on a bad setting', async () => {
    const run = await runTransloom(['--version'], { cwd: dir, env: { [HEAP_GROWING_ENV]: 'x' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${HEAP_GROWING_ENV} must be a whole number`);
  });
});
