import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type IndexedFile, slashPath } from '../project-files.js';
import type { FileChange } from './dev-session-types.js';
import { createUpdateBatcher, type DevUpdate } from './update-batcher.js';

/** Turns changed files of a project into hot updates, one per locale. */
export interface CatalogUpdates {
  /** A file of the project changed on disk (its JSON content is read, in order of the changes). */
  changed(file: IndexedFile, change: FileChange): void;
}

/** Options of {@link createCatalogUpdates}. */
export interface CatalogUpdatesOptions {
  /** The host's root: update paths are relative to it. */
  root: string;
  /** The namespace a JSON catalog stands for. */
  namespace: (file: string, locale: string) => string;
  send: (update: DevUpdate) => void;
}

// A file an editor is saving may be seen empty for a moment (written in place): read it again
// shortly, as Vite's own hot update does, before taking it for an empty file.
async function readSaved(path: string): Promise<string> {
  let text = await readFile(path, 'utf8');
  for (let tries = 0; text === '' && tries < 10; tries++) {
    await sleep(10);
    text = await readFile(path, 'utf8');
  }
  return text;
}

/**
 * The hot updates of a dev session: each changed file of the project is listed under its
 * locale, a JSON catalog with its new content by namespace (a catalog saved mid-edit is
 * listed without it), and the files that change together go out as one update per locale.
 */
export function createCatalogUpdates(options: CatalogUpdatesOptions): CatalogUpdates {
  const batcher = createUpdateBatcher(options.send);
  // Read one after another, so a later save's content is never overtaken by an earlier one.
  let reading: Promise<void> = Promise.resolve();
  const add = async (file: IndexedFile, change: FileChange) => {
    let content: unknown;
    if (file.json && change !== 'unlink') {
      try {
        content = JSON.parse(await readSaved(file.path));
      } catch {
        content = undefined; // saved mid-edit: the file is listed, its content is not sent
      }
    }
    batcher.add({
      locale: file.locale,
      file: slashPath(relative(options.root, file.path)),
      ...(file.json ? { namespace: options.namespace(file.file, file.locale) } : {}),
      content,
    });
  };
  return {
    changed(file, change) {
      reading = reading.then(() => add(file, change)).catch(() => {});
    },
  };
}
