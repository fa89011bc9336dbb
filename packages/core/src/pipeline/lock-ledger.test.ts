import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/load-config.js';
import { emptyLock, formatLock } from '../lock/lock-file.js';
import { testProject } from '../test-support/test-project.js';
import { expandFiles } from './expand-files.js';
import { localeSettings } from './locale-settings.js';
import { createLockLedger } from './lock-ledger.js';
import { nextLock, type SettledTarget, settledTarget, type WrittenTarget } from './next-lock.js';
import { documentLoader, type FilePlan, planLocale, planProject } from './plan-project.js';
import { OUTCOME, type TargetWork, writeTarget } from './write-target.js';

const LOCALES = ['de', 'fr'];

// A project of two catalogs for both locales and a page for German only, planned for a run.
async function planned() {
  const project = await testProject({
    'transloom.config.json': JSON.stringify({
      sourceLocale: 'en',
      targetLocales: LOCALES,
      files: [
        { source: 'locales/{locale}/*.json' },
        { source: 'docs/*.md', target: 'i18n/{locale}/{path}', locales: ['de'] },
      ],
    }),
    'locales/en/a.json': JSON.stringify({ hello: 'Hello {{name}}', bye: 'Goodbye' }),
    'locales/en/b.json': JSON.stringify({ open: 'Open the <1>file</1>', save: 'Save' }),
    'docs/page.md': '# Welcome\n\nFirst paragraph.\n',
  });
  const config = await loadConfig({ cwd: project.root });
  const files = await expandFiles(config);
  const settings = new Map(LOCALES.map((l) => [l, localeSettings(config, l, undefined)]));
  const options = { config, files, lock: emptyLock(), settings };
  const plans = await planProject(options);
  const load = await documentLoader();
  // Plans, "translates" (each unit keeps its source text) and renders one target.
  const target = async (plan: FilePlan, locale: string): Promise<WrittenTarget> => {
    const localePlan = planLocale(plan, locale, settings.get(locale)!, options, load);
    const work: TargetWork = {
      plan,
      locale: localePlan,
      settingsHash: settings.get(locale)!.hash,
      translations: new Map(),
      outcomes: new Map(),
    };
    for (const { unit } of localePlan.units) {
      work.translations.set(unit.id, unit.segment);
      work.outcomes.set(unit.id, OUTCOME.translated);
    }
    return [work, await writeTarget(work, { root: config.root, write: true })];
  };
  const named = (name: string) => plans.find((p) => p.file.source.endsWith(name))!;
  return { plans, target, named };
}

describe('the lock ledger', () => {
  it("lets go of a source's parsed document once its last locale is settled", async () => {
    const { plans, target, named } = await planned();
    const [a, b, page] = [named('a.json'), named('b.json'), named('page.md')];
    const ledger = createLockLedger(emptyLock(), plans, LOCALES);
    expect(ledger.documents()).toBe(3);
    ledger.settled(a, await target(a, 'de'));
    ledger.settled(page, await target(page, 'de'));
    expect(a.doc).toBeDefined();
    expect(ledger.documents()).toBe(3);
    ledger.settled(a, await target(a, 'fr'));
    expect(a.doc).toBeUndefined();
    expect(a.sourceHashes.size).toBe(0);
    expect(ledger.documents()).toBe(2);
    ledger.settled(b, await target(b, 'de'));
    ledger.settled(b, await target(b, 'fr'));
    // A file some locale of the run does not target waits for the end of the run, which
    // alone knows which locales ran.
    expect(ledger.documents()).toBe(1);
    expect(page.doc).toBeDefined();
  });

  it('makes the same lock as one made at the end of the run', async () => {
    const early = await planned();
    const ledger = createLockLedger(emptyLock(), early.plans, LOCALES);
    for (const plan of early.plans)
      for (const locale of plan.file.locales)
        ledger.settled(plan, await early.target(plan, locale));
    const late = await planned();
    const written = new Map<FilePlan, SettledTarget[]>();
    for (const plan of late.plans)
      written.set(
        plan,
        await Promise.all(
          plan.file.locales.map(async (l) => settledTarget(await late.target(plan, l))),
        ),
      );
    const text = formatLock(ledger.next(LOCALES, undefined, []));
    expect(text).toBe(formatLock(nextLock(emptyLock(), late.plans, written, LOCALES, undefined)));
    expect(text).toContain('file "locales/en/a.json"');
    expect(text).toMatch(/unit "locales\/en\/a.json" "hello" \S+ de=\S+ fr=\S+\n/);
    expect(text).toMatch(/unit "docs\/page.md" "\S+" \S+ de=\S+\n/);
  });
});
