import * as z from 'zod/mini';

/**
 * How a format's files hold their units:
 * - `catalog`: units are named by keys (a JSON key path, an XLIFF unit id); a target may
 *   lack some of them, and the application falls back to the source for those;
 * - `document`: units are blocks of one text (a Markdown or HTML page), named by their
 *   place and content; a target is a whole translated page or not written at all.
 */
export type FormatKind = 'catalog' | 'document';

/** Options of one adapter, given per file entry in the configuration. */
export type FormatOptions = Readonly<Record<string, unknown>>;

/**
 * What a format is, apart from its code: its name, its files' extensions, how its content
 * tells it apart, and the schema of its options. Light on purpose (no parser): configuration
 * checks file entries with it without loading any format's code.
 */
export interface FormatSpec<N extends string = string> {
  readonly name: N;
  /** Whether targets are catalogs of keyed units or whole documents (see {@link FormatKind}). */
  readonly kind: FormatKind;
  /** File extensions (with the dot, lower case) this format claims. */
  readonly extensions: readonly string[];
  /**
   * The format a file with one of {@link extensions} is, read from its text, when its content
   * can say it is another format of the registry (an XLIFF file's `version`); undefined: this one.
   */
  detect?(text: string): string | undefined;
  /**
   * The options a file entry may give this format (`files[].options`), checked as the
   * configuration loads, each problem at its key.
   */
  readonly options: z.ZodMiniType;
}

/**
 * A schema that takes any value `problem` finds nothing wrong with, and reports what it finds
 * (for an option whose rule the format words itself, the same at parse and at configuration).
 */
export function optionChecked(problem: (value: unknown) => string | undefined): z.ZodMiniType {
  return z.unknown().check(
    z.superRefine((value, ctx) => {
      const found = problem(value);
      if (found !== undefined) ctx.addIssue({ code: 'custom', message: found, input: value });
    }),
  );
}
