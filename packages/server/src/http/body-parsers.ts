import type { FastifyInstance } from 'fastify';
import { badRequest } from './http-error.js';
import { FormBody } from './params.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

function decodeUtf8(body: Buffer): string {
  try {
    return strictUtf8.decode(body);
  } catch {
    throw badRequest('The request body is not valid UTF-8');
  }
}

// URLSearchParams and fast-querystring replace invalid percent-encoded UTF-8 with U+FFFD
// without telling; the contract wants UTF-8 text, so a bad sequence must be a 400.
function decodeFormComponent(part: string): string {
  try {
    return decodeURIComponent(part.replaceAll('+', ' '));
  } catch {
    throw badRequest('The form body holds a percent-encoded sequence that is not valid UTF-8');
  }
}

/** Parses an `application/x-www-form-urlencoded` body, keeping repeated names. */
export function parseFormBody(text: string): FormBody {
  const form = new FormBody();
  if (text === '') return form;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = decodeFormComponent(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : decodeFormComponent(pair.slice(eq + 1));
    form.add(name, value);
  }
  return form;
}

/** Installs the JSON and form body parsers: strict UTF-8, clear 400s on malformed bodies. */
export function registerBodyParsers(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    let text: string;
    try {
      text = decodeUtf8(body as Buffer);
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch (error) {
      done(
        badRequest(`The request body is not valid JSON: ${(error as Error).message}`),
        undefined,
      );
    }
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer' },
    (_request, body, done) => {
      try {
        done(null, parseFormBody(decodeUtf8(body as Buffer)));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
}
