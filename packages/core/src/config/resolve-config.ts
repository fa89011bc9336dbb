import { isAbsolute, resolve } from 'node:path';
import { ConfigError, type ConfigIssue } from '@transloom/client/errors';
import {
  CUSTOM_INSTRUCTION_LANGUAGES,
  MAX_CUSTOM_INSTRUCTION_CHARS,
  MAX_CUSTOM_INSTRUCTIONS,
} from '@transloom/client/wire';
import type * as z from 'zod/mini';
import { expandPreset } from '../presets/expand-preset.js';
import { closest } from '../settings/closest.js';
import { configPathIssues } from '../settings/config-paths.js';
import { configSchema } from '../settings/config-schema.js';
import { DEFAULT_REQUEST_TIMEOUT_MS } from '../settings/request-timeout.js';
import type { ResolvedConfig, ResolvedLocaleSettings } from '../settings/resolved-config.js';
import { hasFormality, targetLocaleProblem } from '../settings/target-language.js';
import { sharedMemoryOf } from './shared-memory-config.js';

/** A configuration as the schema reads it, before it is resolved. */
type ParsedConfig = z.infer<typeof configSchema>;

export { ConfigError, type ConfigIssue } from '@transloom/client/errors';
export { closest } from '../settings/closest.js';
export type { ResolvedConfig, ResolvedLocaleSettings } from '../settings/resolved-config.js';

// The keys an object schema allows at a path (for "did you mean" on unknown keys).
function keysAt(schema: z.ZodMiniType, path: readonly PropertyKey[]): string[] {
  let current: unknown = schema;
  const unwrap = (s: unknown): unknown => {
    let node = s as { def?: { type?: string; innerType?: unknown; options?: unknown[] } };
    while (
      node?.def?.type === 'optional' ||
      node?.def?.type === 'default' ||
      node?.def?.type === 'nullable'
    ) {
      node = node.def.innerType as typeof node;
    }
    if (node?.def?.type === 'union') {
      node = (node.def.options ?? []).find(
        (o) => (o as { def?: { type?: string } }).def?.type === 'object',
      ) as typeof node;
    }
    return node;
  };
  for (const key of path) {
    const node = unwrap(current) as {
      def?: { type?: string; element?: unknown; valueType?: unknown };
      shape?: Record<string, unknown>;
    };
    if (node?.def?.type === 'object') current = node.shape?.[String(key)];
    else if (node?.def?.type === 'array') current = node.def.element;
    else if (node?.def?.type === 'record') current = node.def.valueType;
    else return [];
  }
  const node = unwrap(current) as { def?: { type?: string }; shape?: Record<string, unknown> };
  return node?.def?.type === 'object' ? Object.keys(node.shape ?? {}) : [];
}

function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
    .join('');
}

/**
 * Checks a configuration strictly: types, unknown keys (with the closest valid key),
 * locales, and the contract's limits on custom instructions. Throws a ConfigError listing
 * every problem.
 */
export function resolveConfig(raw: unknown, root: string, file?: string): ResolvedConfig {
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) throw new ConfigError(schemaIssues(parsed.error.issues), file);
  const config = parsed.data;
  const targets = config.targetLocales;
  const issues: ConfigIssue[] = [];
  const warnings: ConfigIssue[] = [];
  localeListIssues(config, issues, warnings);
  const settings = (locale: string): ResolvedLocaleSettings => {
    const own = config.locales?.[locale] ?? {};
    return {
      formality: own.formality ?? config.formality ?? 'default',
      style: own.style ?? config.style,
      customInstructions: own.customInstructions ?? config.customInstructions ?? [],
      modelType: own.modelType ?? config.modelType,
    };
  };
  for (const locale of targets)
    issues.push(...localeSettingIssues(config, locale, settings(locale)));
  if (config.files.length === 0 && !config.preset)
    issues.push({ path: 'files', message: "needs at least one file entry (or a 'preset')" });
  issues.push(...configPathIssues(config, root));
  const sharedMemory = sharedMemoryOf(config.translationMemory, issues);
  if (issues.length > 0) throw new ConfigError(issues, file);
  const preset = config.preset
    ? expandPreset(config.preset, {
        root,
        sourceLocale: config.sourceLocale,
        targetLocales: targets,
        options: config.presetOptions ?? {},
      })
    : undefined;
  const absolute = (path: string) => (isAbsolute(path) ? path : resolve(root, path));
  return {
    root,
    file,
    sourceLocale: config.sourceLocale,
    targetLocales: targets,
    files: [...config.files, ...(preset?.entries ?? [])],
    preset,
    glossary: config.glossary,
    context: config.context ?? 'none',
    concurrency: config.concurrency ?? 4,
    requestTimeout: config.requestTimeout ?? DEFAULT_REQUEST_TIMEOUT_MS,
    maxCharacters: config.maxCharacters,
    translationMemory:
      config.translationMemory === false
        ? false
        : absolute(config.translationMemory?.path ?? '.transloom/tm'),
    sharedMemory,
    lockFile: absolute(config.lockFile ?? 'transloom.lock'),
    extract: config.extract,
    warnings,
    settings,
  };
}

/** The schema's complaints as configuration issues, an unknown key with the closest valid one. */
function schemaIssues(found: readonly z.core.$ZodIssue[]): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  for (const issue of found) {
    if (issue.code === 'unrecognized_keys') {
      const allowed = keysAt(configSchema, issue.path);
      for (const key of issue.keys) {
        const suggestion = closest(key, allowed);
        issues.push({
          path: pathText([...issue.path, key]),
          message: `unknown key${suggestion ? `; did you mean '${suggestion}'?` : `; allowed: ${allowed.join(', ')}`}`,
        });
      }
    } else {
      issues.push({ path: pathText(issue.path), message: issue.message });
    }
  }
  return issues;
}

// The target locales themselves: not the source, none twice, each one the service translates
// into; and the locales that settings and file entries name among them.
function localeListIssues(
  config: ParsedConfig,
  issues: ConfigIssue[],
  warnings: ConfigIssue[],
): void {
  const targets = config.targetLocales;
  if (targets.includes(config.sourceLocale)) {
    issues.push({
      path: 'targetLocales',
      message: `must not contain the source locale '${config.sourceLocale}'`,
    });
  }
  targets.forEach((locale, i) => {
    if (targets.indexOf(locale) !== i)
      issues.push({ path: `targetLocales[${i}]`, message: `'${locale}' is listed twice` });
    // Checked against what the service translates into before anything is read or sent.
    const problem = targetLocaleProblem(locale);
    if (problem)
      (problem.severity === 'error' ? issues : warnings).push({
        path: `targetLocales[${i}]`,
        message: problem.message,
      });
  });
  for (const locale of Object.keys(config.locales ?? {})) {
    if (!targets.includes(locale)) {
      const suggestion = closest(locale, targets);
      issues.push({
        path: `locales.${locale}`,
        message: `is not a target locale${suggestion ? `; did you mean '${suggestion}'?` : ''}`,
      });
    }
  }
  config.files.forEach((entry, i) => {
    for (const locale of entry.locales ?? []) {
      if (!targets.includes(locale))
        issues.push({ path: `files[${i}].locales`, message: `'${locale}' is not a target locale` });
    }
    if (!entry.target && !entry.source.includes('{locale}')) {
      issues.push({
        path: `files[${i}].target`,
        message: `is required when 'source' has no {locale} to replace`,
      });
    }
  });
}

// One locale's settings against what the service accepts: formality where the language has
// none, the fast model with a style or instructions, and the limits on custom instructions.
function localeSettingIssues(
  config: ParsedConfig,
  locale: string,
  resolved: ResolvedLocaleSettings,
): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const own = config.locales?.[locale];
  // more/less set for this very locale, where the service has no formality: say so, rather
  // than drop it (a global setting applies only where it can; prefer_* falls back on its own).
  if ((own?.formality === 'more' || own?.formality === 'less') && !hasFormality(locale)) {
    issues.push({
      path: `locales.${locale}.formality`,
      message: `'${own.formality}' is not available for '${locale}'; use 'prefer_${own.formality}' to fall back to the default where it is not`,
    });
  }
  if (
    resolved.modelType === 'latency_optimized' &&
    (resolved.style || resolved.customInstructions.length > 0)
  ) {
    issues.push({
      path: own?.modelType ? `locales.${locale}.modelType` : 'modelType',
      message: `'latency_optimized' cannot be combined with a style or custom instructions ('${locale}')`,
    });
  }
  const { customInstructions } = resolved;
  const key = config.locales?.[locale]?.customInstructions
    ? `locales.${locale}.customInstructions`
    : 'customInstructions';
  if (customInstructions.length > MAX_CUSTOM_INSTRUCTIONS) {
    issues.push({
      path: key,
      message: `holds ${customInstructions.length} instructions; at most ${MAX_CUSTOM_INSTRUCTIONS} are allowed`,
    });
  }
  customInstructions.forEach((text, i) => {
    if ([...text].length > MAX_CUSTOM_INSTRUCTION_CHARS) {
      issues.push({
        path: `${key}[${i}]`,
        message: `is ${[...text].length} characters; at most ${MAX_CUSTOM_INSTRUCTION_CHARS} are allowed`,
      });
    }
  });
  const base = locale.split('-')[0]!.toUpperCase();
  if (
    customInstructions.length > 0 &&
    !(CUSTOM_INSTRUCTION_LANGUAGES as readonly string[]).includes(base)
  ) {
    issues.push({
      path: key,
      message: `custom instructions are not supported for '${locale}'; only ${CUSTOM_INSTRUCTION_LANGUAGES.join(', ').toLowerCase()} and their variants`,
    });
  }
  return issues;
}
