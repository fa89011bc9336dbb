import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { KeyRecord, KeyStore } from '../store/key-store.js';
import { HttpError } from './http-error.js';

/** Who may use a route: anyone, any developer key, paid-tier developer keys, or admin keys. */
export type Access = 'public' | 'developer' | 'paid' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Admin keys may use this developer route too (they read every task of the account). */
    allowAdmin?: boolean;
  }
  interface FastifyRequest {
    apiKey: KeyRecord;
  }
}

/** The scheme word of the `Authorization` header. */
export const AUTH_SCHEME = 'Service-Auth-Key';
const HEADER = /^Service-Auth-Key[ ]+([^\s]+)[ ]*$/;

/** The one message for a key that does not authorize anything, whatever the reason. */
export const UNAUTHORIZED_KEY = 'Authorization failed: the key is not valid';

/**
 * Checks `Authorization: Service-Auth-Key <key>` before anything else runs: 401 when the
 * header is missing or malformed, 403 when the key is unknown, deactivated or of the wrong
 * kind or tier (wire details). Messages never repeat the key.
 */
export function registerAuth(app: FastifyInstance, keys: KeyStore): void {
  app.decorateRequest('apiKey', null as unknown as KeyRecord);
  // Each route that needs a key gets a check of its own, its access fixed when the route is
  // made: public routes (the languages) run none, and no request builds its route's options
  // again to read them. Set before any route is added, so routes of every scope get it.
  app.addHook('onRoute', (route) => {
    const access = route.config?.access ?? 'public';
    if (access === 'public') return;
    const hooks = route.onRequest === undefined ? [] : [route.onRequest].flat();
    // A HEAD route is made from its GET route's options, which hold the check already.
    if (hooks.some((hook) => checks.has(hook))) return;
    const check = keyCheck(keys, access, route.config?.allowAdmin === true);
    checks.add(check);
    route.onRequest = [check, ...hooks];
  });
}

// The checks made by registerAuth, known by identity.
const checks = new WeakSet<object>();

function keyCheck(
  keys: KeyStore,
  access: Exclude<Access, 'public'>,
  allowAdmin: boolean,
): onRequestAsyncHookHandler {
  return async (request) => {
    const key = await authenticate(keys, request.headers.authorization);
    request.apiKey = key;
    if (access === 'admin') {
      if (key.kind !== 'admin') throw new HttpError(403, 'This route needs an admin key');
    } else if (key.kind === 'admin') {
      if (!allowAdmin) throw new HttpError(403, 'Admin keys can be used only on admin routes');
    } else if (access === 'paid' && key.tier !== 'paid') {
      throw new HttpError(403, 'This part of the service is available on the paid tier only');
    }
  };
}

/**
 * The active key of an `Authorization` header: 401 when it is missing or malformed, 403 when
 * the key is unknown or deactivated (one answer for both).
 */
export async function authenticate(keys: KeyStore, header: string | undefined): Promise<KeyRecord> {
  if (header === undefined || header === '') {
    throw new HttpError(
      401,
      `Missing Authorization header; send 'Authorization: ${AUTH_SCHEME} <key>'`,
    );
  }
  const match = HEADER.exec(header);
  if (!match) {
    throw new HttpError(
      401,
      `Malformed Authorization header; send 'Authorization: ${AUTH_SCHEME} <key>'`,
    );
  }
  const key = await keys.find(match[1]!);
  // Unknown and deactivated keys get the same answer: it must not tell which keys exist.
  if (!key || key.deactivatedTime !== null) throw new HttpError(403, UNAUTHORIZED_KEY);
  return key;
}
