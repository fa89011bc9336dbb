import { badRequest } from './http-error.js';

/** A parsed `application/x-www-form-urlencoded` body: every name with all its values. */
export class FormBody {
  readonly values = new Map<string, string[]>();

  /** A form from `[name, value]` pairs, as {@link FormBody.pairs} lists them. */
  static from(pairs: ReadonlyArray<readonly [string, string]>): FormBody {
    const form = new FormBody();
    for (const [name, value] of pairs) form.add(name, value);
    return form;
  }

  /** Adds one value of a field (a repeated field keeps every value, in order). */
  add(name: string, value: string): void {
    const list = this.values.get(name);
    if (list) list.push(value);
    else this.values.set(name, [value]);
  }

  /** Every field as a `[name, value]` pair (plain data that crosses to and from workers). */
  pairs(): Array<[string, string]> {
    return [...this.values].flatMap(([name, list]) => list.map((v): [string, string] => [name, v]));
  }
}

const INDEXED_FIELD = /^\[(0|[1-9]\d{0,8})\]\.(.+)$/s;

/**
 * The objects a form writes as `name[0].field`, `name[1].field`, ... (the layout the official
 * clients use for lists of objects, e.g. a glossary's dictionaries), in index order; undefined
 * when the form has none. Indexes must run from 0 without gaps; a bare `name` is refused, as
 * a form cannot carry an object in one field.
 */
export function formObjectList(form: FormBody, name: string): FormBody[] | undefined {
  const items = new Map<number, FormBody>();
  for (const [field, values] of form.values) {
    if (field === name || field === `${name}[]`) {
      throw badRequest(
        `Form field '${field}' cannot hold a list of objects; send ${name}[0].<field>, ${name}[1].<field>, ...`,
      );
    }
    if (!field.startsWith(`${name}[`)) continue;
    const match = INDEXED_FIELD.exec(field.slice(name.length));
    if (!match) {
      throw badRequest(
        `Form field '${field}' is not of the form ${name}[<index>].<field>, e.g. ${name}[0].source_lang`,
      );
    }
    const index = Number(match[1]);
    let item = items.get(index);
    if (!item) {
      item = new FormBody();
      items.set(index, item);
    }
    for (const value of values) item.add(match[2]!, value);
  }
  if (items.size === 0) return undefined;
  const list: FormBody[] = [];
  for (let i = 0; i < items.size; i++) {
    const item = items.get(i);
    if (!item) {
      throw badRequest(
        `Form fields of '${name}' skip index ${i}: number the objects from 0 without gaps`,
      );
    }
    list.push(item);
  }
  return list;
}

/**
 * A query string's parameters as a form, with the fields of a form body added: a `GET` may
 * carry its parameters in either (the official Python client sends them in the body). A
 * parameter given in both counts as given twice.
 */
export function queryWithForm(query: unknown, body: unknown): FormBody {
  const form = new FormBody();
  if (query !== null && typeof query === 'object') {
    for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
      for (const item of Array.isArray(value) ? value : [value])
        if (typeof item === 'string') form.add(name, item);
    }
  }
  if (body instanceof FormBody) {
    for (const [name, value] of body.pairs()) form.add(name, value);
  } else if (body !== undefined && body !== null) {
    throw badRequest(
      'Send the parameters of this request in the query string or a form body (application/x-www-form-urlencoded)',
    );
  }
  return form;
}
