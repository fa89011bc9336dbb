import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadDocument } from '@transloom/core/formats';
import { describe, expect, it } from 'vitest';
import { runCli } from '../run-cli.js';
import { e2eService, serviceEnv, snapshot } from '../test-support/e2e.js';
import { LAYOUTS, project } from '../test-support/init-layouts.js';
import { memoryIo } from '../test-support/memory-io.js';

const read = async (root: string, path: string) =>
  loadDocument({
    path,
    content: await readFile(join(root, path)),
    ...(path.endsWith('.xlf') ? { options: { segmentsFrom: 'target' } } : {}),
  });

describe('transloom translate after transloom init', async () => {
  const server = await e2eService();

  it.each(LAYOUTS)('finds and translates the files of $name', async (layout) => {
    const root = await project(layout.files);
    expect(await runCli(['init'], memoryIo(root))).toBe(0);
    const before = new Set((await snapshot(root)).keys());
    const io = memoryIo(root, serviceEnv(server));
    expect(await runCli(['translate', '--json'], io), io.stderr.text).toBe(0);
    const summary = JSON.parse(io.stdout.text);
    for (const locale of layout.targetLocales)
      expect(summary.locales[locale]?.failed ?? 0, locale).toBe(0);

    // Only the real target paths (and the lock) were written: no file under a made-up name.
    const expectedTargets = Object.values(layout.expected).flatMap((t) => Object.values(t));
    const created = [...(await snapshot(root)).keys()].filter((p) => !before.has(p));
    for (const path of created) expect([...expectedTargets, 'transloom.lock']).toContain(path);

    // Every source unit has a translation in every target (the pseudo engine brackets text;
    // what a person translated before stays).
    for (const [source, targets] of Object.entries(layout.expected)) {
      const units = (await read(root, source)).units.map((u) => u.id);
      for (const [locale, target] of Object.entries(targets)) {
        const doc = await read(root, target);
        const translated = new Map(doc.units.map((u) => [u.id, u.segment]));
        for (const id of units) expect(translated.get(id), `${target} ${id}`).toBeTruthy();
        expect(
          doc.units.some((u) => /\[|⟨/.test(u.segment)),
          `${target} (${locale}) has new translations`,
        ).toBe(true);
      }
    }
  });

  it('keeps what a person translated', async () => {
    const root = await project(LAYOUTS[0]!.files);
    expect(await runCli(['init'], memoryIo(root))).toBe(0);
    expect(await runCli(['translate'], memoryIo(root, serviceEnv(server)))).toBe(0);
    const de = JSON.parse(await readFile(join(root, 'src/translations/de.json'), 'utf8'));
    expect(de.ui.panel.title).toBe('Übersicht');
    expect(de.ui.panel.count).toMatch(/^\{count, plural, one \{.*\[.+\].*\} other \{.*\}\}$/);
  });
});
