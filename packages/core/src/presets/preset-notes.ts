import type { DocsGenerator } from '../formats/markdown/docs-generators.js';
import type { FileEntry } from '../settings/config-schema.js';
import type { PresetExpansion } from '../settings/preset-expansion.js';

type Part = string | (() => string | undefined);

/**
 * A preset's notes in the order they were found, some written only when the notes are read:
 * the missing-locales note names each language in its own words, and loading that locale data
 * (tens of milliseconds) costs more than a whole run with nothing to do, which never shows it.
 */
export class PresetNotes {
  private readonly parts: Part[] = [];

  /** Adds a note. */
  push(...notes: string[]): void {
    this.parts.push(...notes);
  }

  /** Adds a note written when the notes are first read (none when `write` gives undefined). */
  later(write: () => string | undefined): void {
    this.parts.push(write);
  }

  /** The notes, written. */
  write(): string[] {
    return this.parts
      .map((part) => (typeof part === 'string' ? part : part()))
      .filter((note): note is string => note !== undefined);
  }
}

/** A preset's expansion whose notes are written when `notes` is first read. */
export function presetExpansion(
  name: DocsGenerator,
  entries: FileEntry[],
  notes: PresetNotes,
): PresetExpansion {
  let written: string[] | undefined;
  return {
    name,
    entries,
    get notes() {
      written ??= notes.write();
      return written;
    },
  };
}
