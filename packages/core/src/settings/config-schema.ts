import { FORMALITIES, MODEL_TYPES } from '@transloom/client/wire';
import { z } from 'zod';
import { DOCS_GENERATORS } from './docs-generators.js';
import { LOCALE_CODE } from './locale-code.js';
import { fileEntrySyntaxProblem } from './markdown-syntax.js';

const FORMATS = ['json', 'xliff12', 'xliff2', 'markdown', 'mdx', 'html'] as const;
const LOCALE = z.string().regex(LOCALE_CODE, 'must be a locale code like en, de, pt-BR or zh-Hans');

/** Settings that may differ per target locale. */
export const localeSettingsSchema = z.strictObject({
  /** default, more, less, prefer_more, prefer_less (more/less fall back where the target has no formality). */
  formality: z.enum(FORMALITIES).optional(),
  /** A style rule list, by name or id; its language must match the locale. */
  style: z.string().min(1).optional(),
  /** At most 10, each at most 300 characters; only for de, en, es, fr, it, ja, ko, zh. */
  customInstructions: z.array(z.string()).optional(),
  modelType: z.enum(MODEL_TYPES).optional(),
});

const SCOPE = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[^\s\0]+$/, 'must be a name without spaces, such as a branch name');

/** The shared translation memory: Redis, scoped per branch. */
const sharedMemorySchema = z.strictObject({
  /** `redis://` or `rediss://` URL, or `true` to take it from `TRANSLOOM_REDIS_URL` (keeps the password out of the file). */
  redis: z
    .union([
      z.literal(true),
      z
        .string()
        .regex(
          /^rediss?:\/\//,
          'must be a redis:// or rediss:// URL, or true to read it from TRANSLOOM_REDIS_URL',
        ),
    ])
    .optional(),
  /** Prefix of every Redis key (default `transloom`): several projects can share one Redis. */
  prefix: SCOPE.optional(),
  /** The scope this project's runs write into (default: the CI branch, else `local`). */
  scope: SCOPE.optional(),
  /** Scopes read after the run's own (default: the default branch's). */
  readScopes: z.array(SCOPE).optional(),
});

/** One group of files. */
export const fileEntrySchema = z.strictObject({
  /** A glob relative to the config file, which may contain `{locale}`. */
  source: z.string().min(1),
  /** Where translations go: a template with `{locale}` and `{path}`; default: `source` with the target locale. */
  target: z.string().min(1).optional(),
  /** The format, when the extension does not tell. */
  format: z.enum(FORMATS).optional(),
  /** Options of the format's adapter (Markdown: `syntax: 'mkdocs'` for mkdocs-material pages). */
  options: z.record(z.string(), z.unknown()).optional(),
  /** Only these target locales for this entry. */
  locales: z.array(LOCALE).optional(),
  /** Globs to leave out. */
  exclude: z.array(z.string()).optional(),
});

// Markdown's `syntax` (commonmark, mkdocs) is checked as configuration loads, at its key.
const checkedFileEntry = fileEntrySchema.superRefine((entry, ctx) => {
  const problem = fileEntrySyntaxProblem(entry);
  if (problem) ctx.addIssue({ code: 'custom', path: ['options', 'syntax'], message: problem });
});

/** The whole configuration. */
export const configSchema = z.strictObject({
  $schema: z.string().optional(),
  sourceLocale: LOCALE,
  targetLocales: z.array(LOCALE).min(1, 'needs at least one target locale'),
  /** File entries; with a `preset`, more besides its own (these win where both name a file). */
  files: z.array(checkedFileEntry).default([]),
  /** A docs site's layout: its pages, UI strings and link rules, read from the site's folders. */
  preset: z.enum(DOCS_GENERATORS).optional(),
  /** Overrides of the preset's defaults. */
  presetOptions: z
    .strictObject({
      /** Front-matter keys to translate (dot paths, `*` for any key or index). */
      frontMatter: z.array(z.string().min(1)).optional(),
      /** JSX props and HTML attributes to translate. */
      attributes: z.array(z.string().min(1)).optional(),
      /** Globs of pages to leave out. */
      exclude: z.array(z.string().min(1)).optional(),
      /** The site's folder (`docs`), where its generator's config is; found when absent. */
      root: z.string().min(1).optional(),
      /** Containers whose labels are translated (`tip`, `details`, `tabs`, `code-group`, ...). */
      labels: z.array(z.string().min(1)).optional(),
    })
    .optional(),
  /**
   * The glossary: one CSV/TSV file (a header row of locales, or the service's own entry rows),
   * a path with `{locale}` (one file per language pair), or one file per target locale.
   */
  glossary: z.union([z.string().min(1), z.record(LOCALE, z.string().min(1))]).optional(),
  ...localeSettingsSchema.shape,
  /** Settings per target locale, over the global ones. */
  locales: z.record(LOCALE, localeSettingsSchema).optional(),
  /** `unit` sends notes and descriptions as context (fewer texts per request); `none` does not. */
  context: z.enum(['none', 'unit']).optional(),
  /** Requests in flight at once (default 4). */
  concurrency: z.number().int().min(1).max(64).optional(),
  /**
   * Milliseconds a request may go without an answer before the service is judged unreachable
   * and the run stops (default 60000).
   */
  requestTimeout: z
    .number()
    .int()
    .min(100, 'is in milliseconds: at least 100')
    .max(3_600_000, 'is in milliseconds: at most 3600000 (one hour)')
    .optional(),
  /** Stop before billing more characters than this in one run. */
  maxCharacters: z.number().int().min(0).optional(),
  /**
   * Where the translation memory lives (default `.transloom/tm`), or false for none; `redis`
   * adds a memory shared by every machine (see {@link sharedMemorySchema}).
   */
  translationMemory: z
    .union([
      z.literal(false),
      z.strictObject({ path: z.string().min(1).optional(), ...sharedMemorySchema.shape }),
    ])
    .optional(),
  /** The lock file (default `transloom.lock` beside the config). */
  lockFile: z.string().min(1).optional(),
  /**
   * Let targets, the lock and the memory be written in `.github/` (workflows, actions and
   * CODEOWNERS live there, so it is refused unless set).
   */
  allowGitHubFolder: z.boolean().optional(),
  /** `transloom extract`: scan source code for keys. */
  extract: z
    .strictObject({
      input: z.array(z.string().min(1)).min(1),
      /** The catalog to add keys to: a path with `{ns}` (and `{locale}`, the source locale). */
      output: z.string().min(1),
      defaultNamespace: z.string().min(1).optional(),
      keySeparator: z.union([z.string(), z.literal(false)]).optional(),
      namespaceSeparator: z.union([z.string(), z.literal(false)]).optional(),
    })
    .optional(),
});

/** A Transloom configuration as written. */
export type TransloomConfig = z.input<typeof configSchema>;
/** A Transloom configuration as checked by the schema, defaults not yet filled in. */
export type ConfigSchemaOutput = z.output<typeof configSchema>;
/** Settings of one target locale as written. */
export type LocaleSettings = z.input<typeof localeSettingsSchema>;
/** One `files` entry as written. */
export type FileEntry = z.input<typeof fileEntrySchema>;
