import { ConfigError } from '@transloom/client/errors';
import type { UnitTranslation } from '../formats/format-adapter.js';
import type { LocDocument } from '../formats/load-document.js';
import { underRoot } from '../fs/under-root.js';
import { textRecords } from '../lock/lock-facts.js';
import type { Lock } from '../lock/lock-file.js';
import type { ResolvedConfig } from '../settings/resolved-config.js';
import type { LoadDocument } from './align-target.js';
import { type ProjectFile, projectFileFor } from './expand-files.js';
import type { PathGuard } from './path-guard.js';
import type { FilePlan, UnitPlan } from './plan-types.js';
import { readOwnFile } from './read-own-file.js';
import { translationHash } from './translation-hash.js';

/**
 * The translations the repository already holds: the committed targets, with the lock lines
 * that say Transloom wrote each text for a given source under given settings. A unit to
 * translate whose source and settings some line names (a catalog moved without its targets,
 * a key renamed or copied, a page moved) takes that text from its target, checked to hash as
 * written and to carry the unit's markup, and nothing is sent: a fresh clone with no
 * translation memory pays for none of it.
 */
export interface RepositoryTexts {
  /**
   * The repository's translation of `unit` (of `plan`) in `locale`, when it has one, and
   * whether a person wrote it.
   */
  find(
    plan: FilePlan,
    unit: UnitPlan,
    locale: string,
  ): { text: UnitTranslation; human: boolean } | undefined;
}

/** What {@link repositoryTexts} reads. */
export interface RepositoryTextsOptions {
  config: ResolvedConfig;
  lock: Lock;
  /** The project's files (the ones the lock names but the project no longer has are found by pattern). */
  files: readonly ProjectFile[];
  guard?: PathGuard | undefined;
  loadDocument: LoadDocument;
}

/** The repository's translations for a run (see {@link RepositoryTexts}). */
export function repositoryTexts(options: RepositoryTextsOptions): RepositoryTexts {
  const { config, lock, guard } = options;
  const byPath = new Map(options.files.map((f) => [f.source, f]));
  // Target documents read for a lookup, by path (null: none, or it cannot be read as one).
  const documents = new Map<string, LocDocument | null>();
  const fileOf = (source: string) => byPath.get(source) ?? projectFileFor(config, source);
  const targetDocument = (plan: FilePlan, file: ProjectFile, locale: string) => {
    const path = file.target(locale);
    let doc = documents.get(path);
    if (doc !== undefined) return doc;
    doc = null;
    try {
      // This file's own target as it was read (it still holds a renamed key's text); another
      // one as it is on the disk (no target of this locale is written while it plans).
      const bytes =
        file.source === plan.file.source
          ? plan.targets.get(locale)
          : readOwnFile(guard, underRoot(config.root, path), path, file.entryIndex, 'target');
      const source = plan.doc!;
      if (bytes)
        doc = options.loadDocument({
          path,
          content: bytes,
          format: source.format,
          sourceLocale: locale,
          options: {
            ...source.options,
            locale,
            ...(source.format.startsWith('xliff') ? { segmentsFrom: 'target' } : {}),
          },
        });
    } catch (error) {
      // A link out of the project stops the run, as the check before it would have.
      if (error instanceof ConfigError) throw error;
    }
    documents.set(path, doc);
    return doc;
  };
  // The units of a target page by the hash of their text (see unitOf).
  const written = new WeakMap<LocDocument, Map<string, string>>();
  /**
   * The unit of `doc` that holds `line`'s text: a catalog's by its key; a page's by its id
   * when it has the line's (a page's ids come from its own text, so a target page read alone
   * has ids of its own), else the unit whose text hashes as the line says it was written.
   */
  const unitOf = (doc: LocDocument, line: { unit: string; written: string }) => {
    if (doc.units.some((u) => u.id === line.unit)) return line.unit;
    if (doc.kind === 'catalog') return undefined;
    let byHash = written.get(doc);
    if (!byHash) {
      byHash = new Map();
      for (const u of doc.units) {
        const hash = translationHash(doc.portable(u.id));
        if (!byHash.has(hash)) byHash.set(hash, u.id);
      }
      written.set(doc, byHash);
    }
    return byHash.get(line.written);
  };
  return {
    find(plan, unit, locale) {
      const records = textRecords(lock, locale);
      const found = records.translationsOf(unit.sourceHash, unit.settingsHash);
      // The unit's own line first (a catalog moved: the same key), then a person's text.
      const own = (line: (typeof found)[number]) => (line.unit === unit.unit.id ? 0 : 1);
      const lines = [...found].sort((a, b) => own(a) - own(b));
      for (const line of lines) {
        // The unit's own text is what a forced run replaces, never what it is filled from.
        if (line.file === plan.file.source && line.unit === unit.unit.id) continue;
        const file = fileOf(line.file);
        // Only a file read the same way can lend its text.
        if (!file?.locales.includes(locale) || file.format !== plan.file.format) continue;
        if (extensionOf(file.source) !== extensionOf(plan.file.source)) continue;
        const doc = targetDocument(plan, file, locale);
        const theirs = doc && unitOf(doc, line);
        if (!doc || !theirs) continue;
        let text: UnitTranslation;
        try {
          text = plan.doc!.textFrom(unit.unit.id, doc, theirs);
        } catch {
          continue; // its markup is not this unit's
        }
        const hash = translationHash(plan.doc!.portable(unit.unit.id, text));
        if (hash === line.written) return { text, human: line.human };
        // Not what that line says was written there, nor any text of Transloom's (a line
        // written ahead of a target that was never renamed into place names a text it does
        // not hold): a person corrected it (Transloom's text, or their own again), and no run
        // recorded that yet (a key corrected and renamed in one change). Their translation of
        // this source moves with the key.
        if (!records.isMachineText(hash)) return { text, human: true };
      }
      return undefined;
    },
  };
}

function extensionOf(path: string): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  return dot > slash ? path.slice(dot) : '';
}
