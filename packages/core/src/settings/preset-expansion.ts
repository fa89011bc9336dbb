import type { DocsGenerator } from '../formats/markdown/docs-generators.js';
import type { FileEntry } from './config-schema.js';

/** A preset expanded for one site: its file entries and what the user should know. */
export interface PresetExpansion {
  name: DocsGenerator;
  entries: FileEntry[];
  /**
   * Things the site lacks that the preset would use (e.g. Docusaurus catalogs not written yet),
   * written when first read.
   */
  readonly notes: string[];
}
