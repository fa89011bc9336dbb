import { FORMALITIES, LOCALE_CODE, MODEL_TYPES } from '@transloom/client/languages';
// zod's functional build (`zod/mini`) with its English messages only: the full build and its
// every locale cost a run that has nothing to do more to load than the run itself.
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { DOCS_GENERATORS } from '../formats/markdown/docs-generators.js';
import { FORMAT_NAMES, formatOptionIssues } from '../formats/registry.js';
import { closest } from './closest.js';

z.config(en());

const LOCALE = z
  .string()
  .check(z.regex(LOCALE_CODE, 'must be a locale code like en, de, pt-BR or zh-Hans'));
const NAME = z.string().check(z.minLength(1));

/** Settings that may differ per target locale. */
export const localeSettingsSchema = z.strictObject({
  /** default, more, less, prefer_more, prefer_less (more/less fall back where the target has no formality). */
  formality: z.optional(z.enum(FORMALITIES)),
  /** A style rule list, by name or id; its language must match the locale. */
  style: z.optional(NAME),
  /** At most 10, each at most 300 characters; only for de, en, es, fr, it, ja, ko, zh. */
  customInstructions: z.optional(z.array(z.string())),
  modelType: z.optional(z.enum(MODEL_TYPES)),
});

const SCOPE = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(200),
    z.regex(/^[^\s\0]+$/, 'must be a name without spaces, such as a branch name'),
  );

/** The shared translation memory: Redis, scoped per branch. */
const sharedMemorySchema = z.strictObject({
  /** `redis://` or `rediss://` URL, or `true` to take it from `TRANSLOOM_REDIS_URL` (keeps the password out of the file). */
  redis: z.optional(
    z.union([
      z.literal(true),
      z
        .string()
        .check(
          z.regex(
            /^rediss?:\/\//,
            'must be a redis:// or rediss:// URL, or true to read it from TRANSLOOM_REDIS_URL',
          ),
        ),
    ]),
  ),
  /** Prefix of every Redis key (default `transloom`): several projects can share one Redis. */
  prefix: z.optional(SCOPE),
  /** The scope this project's runs write into (default: the CI branch, else `local`). */
  scope: z.optional(SCOPE),
  /** Scopes read after the run's own (default: the default branch's). */
  readScopes: z.optional(z.array(SCOPE)),
});

/** One group of files. */
export const fileEntrySchema = z.strictObject({
  /** A glob relative to the config file, which may contain `{locale}`. */
  source: NAME,
  /** Where translations go: a template with `{locale}` and `{path}`; default: `source` with the target locale. */
  target: z.optional(NAME),
  /** The format, when the extension does not tell. */
  format: z.optional(z.enum(FORMAT_NAMES)),
  /**
   * Options of the format's adapter (Markdown: `syntax: 'mkdocs'` for mkdocs-material pages),
   * checked by the format's own schema in the registry.
   */
  options: z.optional(z.record(z.string(), z.unknown())),
  /** Only these target locales for this entry. */
  locales: z.optional(z.array(LOCALE)),
  /** Globs to leave out. */
  exclude: z.optional(z.array(z.string())),
});

// The options are checked as configuration loads, each problem at its key, by the schema the
// entry's format declares in the registry (its `format`, else its source's extension).
const checkedFileEntry = fileEntrySchema.check(
  z.superRefine((entry, ctx) => {
    for (const issue of formatOptionIssues(entry)) {
      const path = ['options', ...issue.path];
      if (!issue.unknownKeys) ctx.addIssue({ code: 'custom', path, message: issue.message });
      for (const key of issue.unknownKeys ?? []) {
        const near = closest(key, issue.allowedKeys ?? []);
        const known = issue.allowedKeys?.join(', ') || 'none';
        ctx.addIssue({
          code: 'custom',
          path: [...path, key],
          message: `${issue.message}${near ? `; did you mean '${near}'?` : `; allowed: ${known}`}`,
        });
      }
    }
  }),
);

/** The whole configuration. */
export const configSchema = z.strictObject({
  $schema: z.optional(z.string()),
  sourceLocale: LOCALE,
  targetLocales: z.array(LOCALE).check(z.minLength(1, 'needs at least one target locale')),
  /** File entries; with a `preset`, more besides its own (these win where both name a file). */
  files: z._default(z.array(checkedFileEntry), []),
  /** A docs site's layout: its pages, UI strings and link rules, read from the site's folders. */
  preset: z.optional(z.enum(DOCS_GENERATORS)),
  /** Overrides of the preset's defaults. */
  presetOptions: z.optional(
    z.strictObject({
      /** Front-matter keys to translate (dot paths, `*` for any key or index). */
      frontMatter: z.optional(z.array(NAME)),
      /** JSX props and HTML attributes to translate. */
      attributes: z.optional(z.array(NAME)),
      /** Globs of pages to leave out. */
      exclude: z.optional(z.array(NAME)),
      /** The site's folder (`docs`), where its generator's config is; found when absent. */
      root: z.optional(NAME),
      /** Containers whose labels are translated (`tip`, `details`, `tabs`, `code-group`, ...). */
      labels: z.optional(z.array(NAME)),
    }),
  ),
  /**
   * The glossary: one CSV/TSV file (a header row of locales, or the service's own entry rows),
   * a path with `{locale}` (one file per language pair), or one file per target locale.
   */
  glossary: z.optional(z.union([NAME, z.record(LOCALE, NAME)])),
  ...localeSettingsSchema.shape,
  /** Settings per target locale, over the global ones. */
  locales: z.optional(z.record(LOCALE, localeSettingsSchema)),
  /** `unit` sends notes and descriptions as context (fewer texts per request); `none` does not. */
  context: z.optional(z.enum(['none', 'unit'])),
  /** Requests in flight at once (default 4). */
  concurrency: z.optional(z.int().check(z.minimum(1), z.maximum(64))),
  /**
   * Milliseconds a request may go without an answer before the service is judged unreachable
   * and the run stops (default 60000).
   */
  requestTimeout: z.optional(
    z
      .int()
      .check(
        z.minimum(100, 'is in milliseconds: at least 100'),
        z.maximum(3_600_000, 'is in milliseconds: at most 3600000 (one hour)'),
      ),
  ),
  /** Stop before billing more characters than this in one run. */
  maxCharacters: z.optional(z.int().check(z.minimum(0))),
  /**
   * Where the translation memory lives (default `.transloom/tm`), or false for none; `redis`
   * adds a memory shared by every machine (see {@link sharedMemorySchema}).
   */
  translationMemory: z.optional(
    z.union([
      z.literal(false),
      z.strictObject({ path: z.optional(NAME), ...sharedMemorySchema.shape }),
    ]),
  ),
  /** The lock file (default `transloom.lock` beside the config). */
  lockFile: z.optional(NAME),
  /**
   * Let targets, the lock and the memory be written in `.github/` (workflows, actions and
   * CODEOWNERS live there, so it is refused unless set).
   */
  allowGitHubFolder: z.optional(z.boolean()),
  /** `transloom extract`: scan source code for keys. */
  extract: z.optional(
    z.strictObject({
      input: z.array(NAME).check(z.minLength(1)),
      /** The catalog to add keys to: a path with `{ns}` (and `{locale}`, the source locale). */
      output: NAME,
      defaultNamespace: z.optional(NAME),
      keySeparator: z.optional(z.union([z.string(), z.literal(false)])),
      namespaceSeparator: z.optional(z.union([z.string(), z.literal(false)])),
    }),
  ),
});

/** A Transloom configuration as written. */
export type TransloomConfig = z.input<typeof configSchema>;
/** A Transloom configuration as checked by the schema, defaults not yet filled in. */
export type ConfigSchemaOutput = z.output<typeof configSchema>;
/** Settings of one target locale as written. */
export type LocaleSettings = z.input<typeof localeSettingsSchema>;
/** One `files` entry as written. */
export type FileEntry = z.input<typeof fileEntrySchema>;
