import type { ConfigIssue } from '@transloom/client/errors';
import type { z } from 'zod';
import type { configSchema, FileEntry, LocaleSettings } from './config-schema.js';
import type { PresetExpansion } from './preset-expansion.js';
import type { SharedMemoryConfig } from './shared-memory-config.js';

/** The settings a target locale is translated with (global settings, then its own). */
export interface ResolvedLocaleSettings {
  formality: NonNullable<LocaleSettings['formality']>;
  style: string | undefined;
  customInstructions: string[];
  modelType: LocaleSettings['modelType'];
}

/** A checked configuration with defaults filled in and paths made absolute. */
export interface ResolvedConfig {
  /** The directory paths are relative to. */
  root: string;
  /** The config file, when one was read. */
  file: string | undefined;
  sourceLocale: string;
  targetLocales: string[];
  files: FileEntry[];
  glossary: string | Readonly<Record<string, string>> | undefined;
  context: 'none' | 'unit';
  concurrency: number;
  /** Milliseconds a request may go without an answer (default `DEFAULT_REQUEST_TIMEOUT_MS`). */
  requestTimeout: number;
  maxCharacters: number | undefined;
  /** Absolute directory of the translation memory, or false. */
  translationMemory: string | false;
  /** The shared translation memory behind the local one, when `translationMemory.redis` is set. */
  sharedMemory: SharedMemoryConfig | undefined;
  lockFile: string;
  extract: z.output<typeof configSchema>['extract'];
  /** What is allowed but likely not meant (a target locale without its variant), for each run to report. */
  warnings: readonly ConfigIssue[];
  /** The docs preset's expansion, when one is set: its entries are in `files`, after the explicit ones. */
  preset?: PresetExpansion | undefined;
  settings(locale: string): ResolvedLocaleSettings;
}
