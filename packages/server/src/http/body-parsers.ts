import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FormBody } from './form-body.js';
import { badRequest } from './http-error.js';
import { RawBody } from './raw-body.js';
import { readBody } from './read-body.js';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * Bodies up to this size (every translate body among them) are parsed on the event loop, in
 * well under a millisecond; larger ones, which only glossary routes take, are parsed in a worker.
 */
export const INLINE_BODY_BYTES = 256 * 1024;

/** Decodes strict UTF-8; a 400 for anything else. */
export function decodeUtf8(body: Uint8Array): string {
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

/** Parses a decoded JSON or form body (an empty JSON body has no parameters); 400 if malformed. */
export function parseBodyText(type: 'json' | 'form', text: string): unknown {
  if (type === 'form') return parseFormBody(text);
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw badRequest(`The request body is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * Installs the JSON and form body parsers: strict UTF-8, clear 400s on malformed bodies.
 * Each route's body limit is enforced before and while the body is read (the Content-Length
 * first, then the bytes received), so a body over it is never held whole.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  // Fastify reads no body on a GET; the official Python client sends a GET's parameters as a
  // form body, so GET bodies are parsed like any other (within the route's body limit).
  app.addHttpMethod('GET', { hasBody: true, overrideExisting: true });
  app.removeContentTypeParser(['application/json', 'text/plain']);
  const parser =
    (type: 'json' | 'form') =>
    async (request: FastifyRequest, payload: Readable): Promise<unknown> => {
      const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024;
      const pieces = await readBody(payload, request.headers['content-length'], limit);
      const size = pieces.reduce((sum, piece) => sum + piece.byteLength, 0);
      if (size > INLINE_BODY_BYTES) return new RawBody(pieces, type);
      return parseBodyText(
        type,
        decodeUtf8(pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces)),
      );
    };
  app.addContentTypeParser('application/json', parser('json'));
  app.addContentTypeParser('application/x-www-form-urlencoded', parser('form'));
}
