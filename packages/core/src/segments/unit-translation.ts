/** One form of a plural or select message: a key per selector, and the full sentence. */
export interface Variant {
  /** One key per selector: a CLDR category (`one`), an exact value (`=0`), a select key, or `*` when this form does not depend on that selector. */
  keys: string[];
  segment: string;
}

/** What a unit is rendered with: a segment, or the variants of a plural/select unit. */
export type UnitTranslation = string | { readonly variants: readonly Variant[] };
