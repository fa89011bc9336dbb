import { FormBody, formObjectList, queryWithForm } from './form-body.js';
import { badRequest } from './http-error.js';

const BOOLEAN_WORDS = new Map<string, boolean>([
  ['1', true],
  ['0', false],
  ['true', true],
  ['false', false],
]);

// A lone surrogate cannot be encoded as UTF-8: engines, storage and responses would mangle it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// `isWellFormed` (ES2024, in every Node.js this runs on) answers natively; the expression finds
// where the surrogate is only when there is one. ES2023's types do not list it yet.
const isWellFormed = (value: string): boolean =>
  (value as string & { isWellFormed(): boolean }).isWellFormed();

function wellFormed(name: string, value: string, entry?: number): void {
  const lone = LONE_SURROGATE.exec(value);
  if (!lone) return;
  const at = lone.index;
  throw badRequest(
    `Parameter '${name}'${entry === undefined ? '' : ` entry ${entry}`} holds a lone UTF-16 surrogate at character ${at}; texts must be valid Unicode`,
    { rule: 'lone-surrogate' },
  );
}

function own(record: Record<string, unknown> | undefined, name: string): unknown {
  return record !== undefined && Object.hasOwn(record, name) ? record[name] : undefined;
}

/**
 * Reads request parameters from a JSON object, a form body or a query string, and turns
 * every type or rule violation into a 400 that names the parameter.
 */
export class Params {
  private readonly json: Record<string, unknown> | undefined;
  private readonly form: FormBody | undefined;

  /**
   * `path` names where the parameters sit, e.g. `dictionaries[0].`: messages then name
   * `dictionaries[0].entries` rather than `entries`.
   */
  constructor(
    source: unknown,
    private readonly path = '',
  ) {
    if (source instanceof FormBody) {
      this.form = source;
    } else if (source === undefined || source === null) {
      this.json = {};
    } else if (typeof source === 'object' && !Array.isArray(source)) {
      this.json = source as Record<string, unknown>;
    } else {
      throw badRequest(
        path === ''
          ? 'The request body must be a JSON object'
          : `'${path.slice(0, -1)}' must be an object`,
      );
    }
  }

  /** How messages name a parameter: with the path this reader was given. */
  label(name: string): string {
    return `${this.path}${name}`;
  }

  /** Whether the parameter was given at all (a JSON `null` counts as given). */
  has(name: string): boolean {
    return this.form
      ? this.form.values.has(name)
      : this.json !== undefined && Object.hasOwn(this.json, name);
  }

  private raw(name: string): unknown {
    if (this.form) {
      const values = this.form.values.get(name);
      if (values === undefined) return undefined;
      if (values.length > 1)
        throw badRequest(`Parameter '${this.label(name)}' must be given only once`);
      return values[0];
    }
    return own(this.json, name);
  }

  /** A string parameter; `required` turns absence into a 400. */
  string(name: string, options: { required: true }): string;
  string(name: string, options?: { required?: boolean }): string | undefined;
  string(name: string, options: { required?: boolean } = {}): string | undefined {
    const value = this.raw(name);
    if (value === undefined || value === null) {
      if (options.required) throw badRequest(`Parameter '${this.label(name)}' is required`);
      return undefined;
    }
    if (typeof value !== 'string')
      throw badRequest(`Parameter '${this.label(name)}' must be a string`);
    if (!isWellFormed(value)) wellFormed(this.label(name), value);
    return value;
  }

  /** A string that must be one of `allowed` (compared as given, or case-insensitively). */
  oneOf<T extends string>(
    name: string,
    allowed: readonly T[],
    options: { caseInsensitive?: boolean } = {},
  ): T | undefined {
    const value = this.string(name);
    if (value === undefined) return undefined;
    const found = allowed.find((a) =>
      options.caseInsensitive ? a.toLowerCase() === value.toLowerCase() : a === value,
    );
    if (found === undefined) {
      throw badRequest(
        `Value for '${this.label(name)}' not supported: '${value}'; allowed: ${allowed.join(', ')}`,
      );
    }
    return found;
  }

  /** A boolean: JSON `true`/`false`, or `1`/`0`/`true`/`false` as text. */
  boolean(name: string): boolean | undefined {
    const value = this.raw(name);
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'boolean') return value;
    const word = typeof value === 'string' ? BOOLEAN_WORDS.get(value.toLowerCase()) : undefined;
    if (word !== undefined) return word;
    throw badRequest(`Parameter '${this.label(name)}' must be a boolean (true, false, 1 or 0)`);
  }

  /** An integer in `[min, max]`; text is accepted for query strings and forms. */
  integer(name: string, range: { min?: number; max?: number } = {}): number | undefined {
    const value = this.raw(name);
    if (value === undefined || value === null) return undefined;
    const number =
      typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isSafeInteger(number)) {
      throw badRequest(`Parameter '${this.label(name)}' must be an integer`);
    }
    if (range.min !== undefined && number < range.min) {
      throw badRequest(
        `Parameter '${this.label(name)}' must be at least ${range.min}, got ${number}`,
      );
    }
    if (range.max !== undefined && number > range.max) {
      throw badRequest(
        `Parameter '${this.label(name)}' must be at most ${range.max}, got ${number}`,
      );
    }
    return number;
  }

  /**
   * A list of strings: a JSON array, or repeated form fields. With `commaSeparated`, a single
   * string (or each form value) is split on commas, as the tag-list parameters are written.
   */
  stringList(name: string, options: { commaSeparated?: boolean } = {}): string[] | undefined {
    let values: unknown[];
    if (this.form) {
      const list = this.form.values.get(name);
      if (list === undefined) return undefined;
      values = list;
    } else {
      const value = own(this.json, name);
      if (value === undefined || value === null) return undefined;
      if (typeof value === 'string' && options.commaSeparated) values = [value];
      else if (Array.isArray(value)) values = value;
      else throw badRequest(`Parameter '${this.label(name)}' must be an array of strings`);
    }
    const out: string[] = [];
    for (const item of values) {
      if (typeof item !== 'string')
        throw badRequest(`Parameter '${this.label(name)}' must hold only strings`);
      if (!isWellFormed(item)) wellFormed(this.label(name), item, out.length + 1);
      if (options.commaSeparated) {
        for (const part of item.split(',')) if (part.trim() !== '') out.push(part.trim());
      } else {
        out.push(item);
      }
    }
    return out;
  }

  /**
   * A list of objects, each read as its own {@link Params}: a JSON array of objects, or in a
   * form the fields `name[0].field`, `name[1].field`, ... that the official clients send.
   */
  objectList(name: string): Params[] | undefined {
    if (this.form) {
      return formObjectList(this.form, this.label(name))?.map(
        (item, i) => new Params(item, `${this.label(name)}[${i}].`),
      );
    }
    const value = this.raw(name);
    if (value === undefined || value === null) return undefined;
    if (
      !Array.isArray(value) ||
      value.some((v) => typeof v !== 'object' || v === null || Array.isArray(v))
    ) {
      throw badRequest(`Parameter '${this.label(name)}' must be an array of objects`);
    }
    return value.map((item, i) => new Params(item, `${this.label(name)}[${i}].`));
  }
}

/**
 * The parameters of a request read from its query string and, when it has one, its form body
 * (see {@link queryWithForm}): what a `GET` or `DELETE` route reads.
 */
export function queryParams(request: { query: unknown; body: unknown }): Params {
  return new Params(queryWithForm(request.query, request.body));
}
