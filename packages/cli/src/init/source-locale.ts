/**
 * The source locale English projects have among `codes`: `en`, else `en-US`, else the first
 * other English variant (`en-GB`); undefined when there is no English catalog.
 */
export function englishSource(codes: readonly string[]): string | undefined {
  return (
    codes.find((c) => c === 'en') ??
    codes.find((c) => c.toLowerCase() === 'en-us') ??
    codes.filter((c) => c.toLowerCase().startsWith('en-')).sort()[0]
  );
}

/** The source language an XLIFF file states (`source-language` in 1.2, `srcLang` in 2.0). */
export function xliffSourceLanguage(text: string): string | undefined {
  return /<(?:file|xliff)\b[^>]*?\b(?:source-language|srcLang)\s*=\s*["']([^"']+)["']/.exec(
    text,
  )?.[1];
}
