import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadDocument } from '@transloom/core/formats';
import { parseLock } from '@transloom/core/pipeline';
import { pseudoEngine } from '@transloom/server';
import { describe, expect, it } from 'vitest';
import {
  clearRequests,
  E2E_KEY,
  e2eService,
  edit,
  runTransloom,
  serviceEnv,
  snapshot,
  starterProject,
  translateRequests,
} from './test-support/e2e.js';

const LOCALES = ['de', 'pl', 'ja'];
const TARGETS = LOCALES.flatMap((l) => [
  `locales/${l}/common.json`,
  `i18n/${l}/getting-started.md`,
  `i18n/${l}/guide/configuration.md`,
  `messages.${l}.xlf`,
  `site/${l}/index.html`,
]);

// Files that differ between two projects (the lock aside: its glossary id differs by service).
async function differences(a: string, b: string): Promise<string[]> {
  const [x, y] = [await snapshot(a), await snapshot(b)];
  const paths = new Set([...x.keys(), ...y.keys()]);
  return [...paths].filter((p) => p !== 'transloom.lock' && x.get(p) !== y.get(p)).sort();
}

// A catalog of `count` strings with placeholders and markup, some repeated.
function generatedCatalog(count: number): string {
  const catalog: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    catalog[`key${i}`] =
      i % 7 === 0
        ? `Item {{name}} number ${i % 50} is <b>ready</b>`
        : `Message ${i}: open {{file}} in the editor to continue`;
  }
  return JSON.stringify(catalog, null, 2);
}

async function setConfig(
  root: string,
  change: (config: Record<string, unknown>) => void,
): Promise<void> {
  const path = join(root, 'transloom.config.json');
  const config = JSON.parse(await readFile(path, 'utf8'));
  change(config);
  await writeFile(path, JSON.stringify(config, null, 2));
}

// Every target parses in its format and every unit carries a translation (the pseudo engine brackets text).
async function expectComplete(root: string): Promise<void> {
  const lock = parseLock(await readFile(join(root, 'transloom.lock'), 'utf8'));
  for (const [source, file] of lock.files) {
    expect(
      [...file.targets.keys()].sort(),
      `${source} has a complete target in every locale`,
    ).toEqual([...LOCALES].sort());
    for (const [id, unit] of file.units()) {
      expect([...unit.locales.keys()].sort(), `${source} ${id}`).toEqual([...LOCALES].sort());
    }
  }
  for (const target of TARGETS) {
    const doc = loadDocument({
      path: target,
      content: await readFile(join(root, target)),
      ...(target.endsWith('.xlf') ? { options: { segmentsFrom: 'target' } } : {}),
    });
    for (const unit of doc.units) {
      // Markup a page gets from its source (a `:::tip` fence) is never sent.
      if (unit.derived || unit.segment.trim() === '' || /^(Transloom)$/.test(unit.segment))
        continue;
      expect(unit.segment, `${target} ${unit.id}`).toMatch(/\[|⟨/);
    }
  }
}

describe('transloom translate against the local service', async () => {
  const server = await e2eService();
  const env = serviceEnv(server);

  it('translates a cold project; a second run sends no request and changes no file', async () => {
    const root = await starterProject();
    clearRequests(server);
    const cold = await runTransloom(['translate', '--json'], { cwd: root, env });
    expect(cold.stderr).not.toContain(E2E_KEY);
    expect(cold.code).toBe(0);
    expect(cold.json.exitCode).toBe(0);
    expect(cold.json.files.written.sort()).toEqual([...TARGETS].sort());
    for (const locale of LOCALES) expect(cold.json.locales[locale].translated).toBe(51);
    // Every request the JSON counts reached the service: 5 translate requests (2 + 2 + 1) and the glossary.
    expect(cold.json.requests).toBe(server.faults!.requests.length);
    expect(translateRequests(server)).toHaveLength(5);
    await expectComplete(root);
    const pl = JSON.parse(await readFile(join(root, 'locales/pl/common.json'), 'utf8'));
    expect(Object.keys(pl.inbox)).toEqual([
      'messages_one',
      'messages_few',
      'messages_many',
      'messages_other',
      'empty',
    ]);
    expect(pl.inbox.messages_few).toContain('{{count}}');
    expect(pl.inbox.empty).toMatch(/<1>.+<\/1>/);
    const ja = JSON.parse(await readFile(join(root, 'locales/ja/common.json'), 'utf8'));
    expect(Object.keys(ja.inbox)).toEqual(['messages_other', 'empty']);

    const before = await snapshot(root);
    clearRequests(server);
    const again = await runTransloom(['translate', '--json'], { cwd: root, env });
    expect(again.code).toBe(0);
    expect(again.json.requests).toBe(0);
    expect(server.faults!.requests).toHaveLength(0);
    expect(again.json.files.upToDate).toBe(5);
    expect(await snapshot(root)).toEqual(before);
  });

  it('sends one request per locale for one changed source string, and rewrites only that string', async () => {
    const root = await starterProject();
    expect((await runTransloom(['translate'], { cwd: root, env })).code).toBe(0);
    const before = await readFile(join(root, 'locales/de/common.json'), 'utf8');
    await edit(root, 'locales/en/common.json', '"Save changes"', '"Save all changes"');
    clearRequests(server);
    const run = await runTransloom(['translate', '--json'], { cwd: root, env });
    expect(run.code).toBe(0);
    expect(
      translateRequests(server)
        .map((r) => [r.targetLang, r.texts])
        .sort(),
    ).toEqual([
      ['DE', 1],
      ['JA', 1],
      ['PL', 1],
    ]);
    expect(run.json.requests).toBe(3);
    // 50 texts and the page's `:::tip` fence, markup that is up to date too.
    for (const locale of LOCALES)
      expect(run.json.locales[locale]).toMatchObject({ translated: 1, unchanged: 51, kept: 0 });
    const after = await readFile(join(root, 'locales/de/common.json'), 'utf8');
    const changed = after.split('\n').filter((line, i) => line !== before.split('\n')[i]);
    expect(changed).toHaveLength(1);
    expect(changed[0]).toContain('"save": "[Šáṽé áļļ çĥáñĝéš');
    expect(run.json.files.written).toEqual([
      'locales/de/common.json',
      'locales/ja/common.json',
      'locales/pl/common.json',
    ]);
  });

  it("keeps a person's edits, in catalogs and in prose, through later runs", async () => {
    const root = await starterProject();
    expect((await runTransloom(['translate'], { cwd: root, env })).code).toBe(0);
    const catalog = JSON.parse(await readFile(join(root, 'locales/de/common.json'), 'utf8'));
    await edit(
      root,
      'locales/de/common.json',
      JSON.stringify(catalog.settings.discard),
      '"Verwerfen"',
    );
    const doc = await readFile(join(root, 'i18n/de/guide/configuration.md'), 'utf8');
    const heading = doc.split('\n').find((line) => line.startsWith('## '))!;
    await edit(root, 'i18n/de/guide/configuration.md', heading, '## Dateien');
    // A source change elsewhere makes the run parse these files again.
    await edit(root, 'locales/en/common.json', '"Save changes"', '"Save all changes"');
    await edit(root, 'docs/guide/configuration.md', 'Transloom reads', 'Transloom first reads');
    const run = await runTransloom(['translate', '--json'], { cwd: root, env });
    expect(run.code).toBe(0);
    expect(run.json.locales.de).toMatchObject({ kept: 2, translated: 2 });
    expect(run.json.locales.pl).toMatchObject({ kept: 0, translated: 2 });
    expect(
      JSON.parse(await readFile(join(root, 'locales/de/common.json'), 'utf8')).settings.discard,
    ).toBe('Verwerfen');
    expect(await readFile(join(root, 'i18n/de/guide/configuration.md'), 'utf8')).toContain(
      '\n## Dateien\n',
    );
    expect(await readFile(join(root, 'transloom.lock'), 'utf8')).toMatch(
      /unit "locales\/en\/common.json" "settings\.discard" \w+ de=\w+:\w+:h/,
    );

    // A person's text stays even when its source changes; the run says it may need a review.
    await edit(root, 'locales/en/common.json', '"Discard"', '"Discard draft"');
    const later = await runTransloom(['translate', '--json'], { cwd: root, env });
    expect(later.code).toBe(0);
    expect(
      JSON.parse(await readFile(join(root, 'locales/de/common.json'), 'utf8')).settings.discard,
    ).toBe('Verwerfen');
    expect(later.json.stale).toEqual([
      expect.objectContaining({
        locale: 'de',
        unit: 'settings.discard',
        file: 'locales/en/common.json',
      }),
    ]);
    expect(later.json.locales.pl.translated).toBe(1);
    const human = await runTransloom(['translate'], { cwd: root, env });
    expect(human.stderr).toContain(
      "locales/en/common.json:22:16: de: kept a person's translation whose source has changed since",
    );
  });

  it('re-translates only the units that contain a changed glossary term', async () => {
    const root = await starterProject();
    expect((await runTransloom(['translate'], { cwd: root, env })).code).toBe(0);
    await edit(
      root,
      'glossary.csv',
      'pull request,Pull Request,',
      'pull request,Änderungsanfrage,',
    );
    clearRequests(server);
    const run = await runTransloom(['translate', '--json'], { cwd: root, env });
    expect(run.code).toBe(0);
    // "pull request" is in three units: a catalog string, a paragraph and a list item.
    expect(translateRequests(server).map((r) => [r.targetLang, r.texts])).toEqual([['DE', 3]]);
    // Unchanged: the other texts and the page's `:::tip` fence, markup that is up to date too.
    expect(run.json.locales.de).toMatchObject({ translated: 3, unchanged: 49 });
    expect(run.json.locales.pl).toMatchObject({ translated: 0, unchanged: 52 });
    const glossaryRequests = server.faults!.requests.filter((r) =>
      r.path.startsWith('/v3/glossaries'),
    );
    expect(glossaryRequests.map((r) => r.method)).toEqual(['PUT']);
    expect(await readFile(join(root, 'locales/de/common.json'), 'utf8')).toContain(
      'Änderungsanfrage',
    );
    expect(await readFile(join(root, 'i18n/de/getting-started.md'), 'utf8')).toContain(
      '**Änderungsanfrage**',
    );
  });

  it('writes nothing and sends nothing on a dry run; check exits 10 until everything is translated', async () => {
    const root = await starterProject();
    clearRequests(server);
    const dry = await runTransloom(['translate', '--dry-run', '--json'], { cwd: root, env });
    expect(dry.code).toBe(0);
    expect(server.faults!.requests).toHaveLength(0);
    expect(dry.json.files.written).toEqual([]);
    expect(dry.json.locales.de).toMatchObject({ new: 51, pending: 51, plannedRequests: 2 });
    expect(dry.json.locales.de.characters).toBeGreaterThan(1000);
    const human = await runTransloom(['translate', '--dry-run'], { cwd: root, env });
    expect(human.stderr).toMatch(
      /locale\s+new\s+changed\s+kept\s+texts to send\s+characters\s+requests\nde\s+51\s+0\s+0\s+51\s+\d+\s+2/,
    );
    expect((await runTransloom(['check'], { cwd: root })).code).toBe(10);
    expect((await runTransloom(['translate'], { cwd: root, env })).code).toBe(0);
    const ok = await runTransloom(['check', '--json'], { cwd: root });
    expect(ok.code).toBe(0);
    await edit(root, 'docs/getting-started.md', '## Install', '## Installation');
    const stale = await runTransloom(['check', '--json'], { cwd: root });
    expect(stale.code).toBe(10);
    // A heading's id follows its text: the old translation is recognised as Transloom's and replaced.
    expect(stale.json.locales.de).toMatchObject({ changed: 1, new: 0, pending: 1 });
    const status = await runTransloom(['status'], { cwd: root });
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(
      /^locale\s+up to date\s+new\s+changed\s+kept\s+stale edits\s+removed\nde\s+51\s+0\s+1\s+0\s+0\s+0$/m,
    );
  });

  it('reports a malformed file with its position, translates the others, and exits 3', async () => {
    const root = await starterProject();
    await writeFile(
      join(root, 'locales/en/broken.json'),
      '{\n  "ok": "Fine",\n  "bad": "no end\n}\n',
    );
    const run = await runTransloom(['translate', '--json'], { cwd: root, env });
    expect(run.code).toBe(3);
    expect(run.json.diagnostics).toEqual([
      expect.objectContaining({ file: 'locales/en/broken.json', line: 3, severity: 'error' }),
    ]);
    expect(run.json.files.written).toHaveLength(15);
    const text = await runTransloom(['translate'], { cwd: root, env });
    expect(text.stderr).toMatch(/locales\/en\/broken\.json:3:\d+: error: /);
  });

  it('stops at the quota (456), keeps everything translated so far, and exits 4', async () => {
    const limited = await e2eService({ characterLimit: 2500 });
    const root = await starterProject();
    const run = await runTransloom(['translate', '--json'], {
      cwd: root,
      env: serviceEnv(limited),
    });
    expect(run.code).toBe(4);
    expect(run.json.stopped).toBe('quota');
    const translated = LOCALES.reduce((n, l) => n + run.json.locales[l].translated, 0);
    expect(translated).toBeGreaterThan(0);
    expect(run.json.failures.length).toBeGreaterThan(0);
    expect(run.json.failures.every((f: { reason: string }) => f.reason === 'quota')).toBe(true);
    for (const path of run.json.files.written) {
      loadDocument({
        path,
        content: await readFile(join(root, path)),
        ...(path.endsWith('.xlf') ? { options: { segmentsFrom: 'target' } } : {}),
      });
    }
    // The rest comes on a later run, with what was translated reused, not billed again.
    clearRequests(server);
    const rest = await runTransloom(['translate', '--json'], { cwd: root, env });
    expect(rest.code).toBe(0);
    // (This service does not know the locked glossary: it is made again, and the refused requests sent again.)
    const texts = translateRequests(server).reduce(
      (n, r) => n + (r.status === 200 ? (r.texts ?? 0) : 0),
      0,
    );
    const sum = (field: string) => LOCALES.reduce((n, l) => n + rest.json.locales[l][field], 0);
    // A page missing some blocks was not written: its translated blocks come from the memory.
    // (Unchanged may hold the `:::tip` fence of a page the first run wrote: markup, never sent.)
    expect(sum('unchanged')).toBeLessThanOrEqual(translated + 3);
    const settled = sum('translated') + sum('reused') + sum('unchanged');
    expect(settled).toBeGreaterThanOrEqual(3 * 51);
    expect(settled).toBeLessThanOrEqual(3 * 52);
    expect(sum('translated')).toBeLessThanOrEqual(3 * 51 - translated);
    // Texts shared by several units (a title used twice) are sent once.
    expect(texts).toBeLessThanOrEqual(3 * 51 - translated);
    expect(translateRequests(server).some((r) => r.status === 404)).toBe(true);
    await expectComplete(root);
  });
});

describe('transloom translate under faults', async () => {
  it('gives the same output as a clean run when 30% of translate requests fail (429, 503, resets, mangled tags)', async () => {
    const clean = await e2eService();
    const faulty = await e2eService();
    faulty.faults!.setRandom({
      rate: 0.3,
      kinds: ['429', '503', 'reset', 'mangle'],
      seed: 7,
      paths: ['/v2/translate'],
      retryAfter: 0,
    });
    const a = await starterProject();
    const b = await starterProject();
    for (const root of [a, b]) {
      // One request at a time, so the seeded faults fall on the same requests every run; and
      // enough strings for about thirty requests.
      await setConfig(root, (c) => Object.assign(c, { concurrency: 1 }));
      await writeFile(join(root, 'locales/en/generated.json'), generatedCatalog(400));
    }
    const ok = await runTransloom(['translate', '--json'], { cwd: a, env: serviceEnv(clean) });
    const hurt = await runTransloom(['translate', '--json'], { cwd: b, env: serviceEnv(faulty) });
    expect(ok.code).toBe(0);
    expect(hurt.code, hurt.stderr).toBe(0);
    const faults = faulty.faults!.requests.filter((r) => r.fault !== null).map((r) => r.fault);
    expect(new Set(faults)).toEqual(new Set(['429', '503', 'reset', 'mangle']));
    const sent = faulty.faults!.requests.filter((r) => r.path === '/v2/translate').length;
    expect(faults.length / sent).toBeGreaterThan(0.2);

    expect(await differences(a, b)).toEqual([]);
    const lockWithoutGlossary = async (root: string) =>
      (await readFile(join(root, 'transloom.lock'), 'utf8')).replace(/^glossary .*\n/m, '');
    expect(await lockWithoutGlossary(b)).toEqual(await lockWithoutGlossary(a));
    expect(hurt.json.locales).toEqual(ok.json.locales);
  });

  it('finishes after kill -9 in mid-run without billing verified batches again', async () => {
    // A slow engine, so the run is still sending when it is killed.
    const slow = await e2eService({
      engine: {
        ...pseudoEngine,
        name: 'slow',
        async translate(input) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          return pseudoEngine.translate(input);
        },
      },
    });
    const root = await starterProject();
    await setConfig(root, (c) => Object.assign(c, { concurrency: 1 }));
    const plan = await runTransloom(['translate', '--dry-run', '--json'], {
      cwd: root,
      env: serviceEnv(slow),
    });
    const total = LOCALES.reduce((n, l) => n + plan.json.locales[l].pending, 0);
    const killed = await runTransloom(['translate', '--json'], {
      cwd: root,
      env: serviceEnv(slow),
      onSpawn(kill) {
        const timer = setInterval(() => {
          if (translateRequests(slow).filter((r) => r.status === 200).length >= 3) {
            clearInterval(timer);
            kill();
          }
        }, 10);
      },
    });
    expect(killed.signal).toBe('SIGKILL');
    const answered = translateRequests(slow).reduce(
      (n, r) => n + (r.status === 200 ? (r.texts ?? 0) : 0),
      0,
    );
    expect(answered).toBeGreaterThanOrEqual(100);
    clearRequests(slow);
    const rerun = await runTransloom(['translate', '--json'], { cwd: root, env: serviceEnv(slow) });
    expect(rerun.code, rerun.stderr).toBe(0);
    await expectComplete(root);
    const resent = translateRequests(slow).reduce((n, r) => n + (r.texts ?? 0), 0);
    // Only what was in flight (at most one batch) or never sent is sent again.
    expect(resent + answered).toBeLessThanOrEqual(total + 50);
    expect(resent).toBeLessThan(total);
    // What was answered before the kill is not translated again: a locale that finished was
    // written (its text is recognised as Transloom's own), the rest comes from the memory.
    const sum = (field: string) => LOCALES.reduce((n, l) => n + rerun.json.locales[l][field], 0);
    expect(sum('reused') + sum('unchanged')).toBeGreaterThan(0);
    expect(sum('translated')).toBeLessThan(total);
  });
});
