import { type FormatError, optionError } from '../../document/diagnostics.js';
import {
  TEMPLATE_SYNTAX_ALIASES,
  TEMPLATE_SYNTAXES,
  type TemplateSyntax,
} from '../../segments/template-tags.js';
import type { FormatOptions } from '../format-spec.js';

/** Options of the HTML adapter, given per file entry (`files[].options`). */
export interface HtmlOptions {
  /** Read the file as a fragment (no implied `<html>`, `<head>`, `<body>`); detected when absent. */
  fragment?: boolean;
  /** Attributes translated besides the default ones, on every element. */
  attributes?: string[];
  /**
   * Template tags kept as placeholders: `true` (the default: every syntax), `false`, or a list
   * of `mustache` (alias `handlebars`), `jinja` (`liquid`, `nunjucks`, `twig`, `django`),
   * `erb` (`ejs`) and `dollar-brace` (`${…}`).
   */
  templates?: boolean | string[];
}

/** HTML options checked and with their defaults. */
export interface ResolvedHtmlOptions {
  fragment: boolean | undefined;
  attributes: readonly string[];
  templates: readonly TemplateSyntax[];
}

function problem(file: string, message: string): FormatError {
  return optionError(file, 'html-options', message);
}

function syntaxList(): string {
  return TEMPLATE_SYNTAXES.map((s) => `'${s}'`).join(', ');
}

/** What is wrong with a `templates` option, or undefined when it names template syntaxes. */
export function templatesProblem(value: unknown): string | undefined {
  if (value === undefined || typeof value === 'boolean') return undefined;
  if (!Array.isArray(value))
    return `must be true, false or a list of template syntaxes (${syntaxList()}), not ${JSON.stringify(value)}`;
  const index = value.findIndex((entry) => syntaxOf(entry) === undefined);
  if (index === -1) return undefined;
  return `[${index}]: ${JSON.stringify(value[index])} is not a template syntax; use ${syntaxList()} (or the aliases ${Object.keys(
    TEMPLATE_SYNTAX_ALIASES,
  )
    .map((a) => `'${a}'`)
    .join(', ')})`;
}

function syntaxOf(entry: unknown): TemplateSyntax | undefined {
  const name = typeof entry === 'string' ? entry.trim().toLowerCase() : undefined;
  return name === undefined
    ? undefined
    : (TEMPLATE_SYNTAXES.find((s) => s === name) ?? TEMPLATE_SYNTAX_ALIASES[name]);
}

function resolveTemplates(value: unknown, file: string): readonly TemplateSyntax[] {
  const found = templatesProblem(value);
  if (found) throw problem(file, `options.templates${found.startsWith('[') ? '' : ' '}${found}`);
  if (value === undefined || value === true) return TEMPLATE_SYNTAXES;
  if (value === false) return [];
  const syntaxes = new Set((value as unknown[]).map(syntaxOf));
  return TEMPLATE_SYNTAXES.filter((s) => syntaxes.has(s));
}

/** Checks the HTML adapter's options of one file; a bad value is a FormatError naming the option. */
export function resolveHtmlOptions(options: FormatOptions, file: string): ResolvedHtmlOptions {
  const { fragment, attributes, templates } = options;
  if (fragment !== undefined && typeof fragment !== 'boolean')
    throw problem(file, `options.fragment must be true or false, not ${JSON.stringify(fragment)}`);
  if (
    attributes !== undefined &&
    !(Array.isArray(attributes) && attributes.every((a) => typeof a === 'string' && a !== ''))
  ) {
    throw problem(
      file,
      `options.attributes must be a list of attribute names, not ${JSON.stringify(attributes)}`,
    );
  }
  return {
    fragment,
    attributes: ((attributes as string[] | undefined) ?? []).map((a) => a.toLowerCase()),
    templates: resolveTemplates(templates, file),
  };
}
