import type { FastifyInstance } from 'fastify';
import type { KeyRecord, KeyStore } from '../store/key-store.js';
import { HttpError } from './http-error.js';

/** Who may use a route: anyone, any developer key, paid-tier developer keys, or admin keys. */
export type Access = 'public' | 'developer' | 'paid' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    apiKey: KeyRecord;
  }
}

/** The scheme word of the `Authorization` header. */
export const AUTH_SCHEME = 'Service-Auth-Key';
const HEADER = /^Service-Auth-Key[ ]+([^\s]+)[ ]*$/;

/**
 * Checks `Authorization: Service-Auth-Key <key>` before anything else runs: 401 when the
 * header is missing or malformed, 403 when the key is unknown, deactivated or of the wrong
 * kind or tier (wire details). Messages never repeat the key.
 */
export function registerAuth(app: FastifyInstance, keys: KeyStore): void {
  app.decorateRequest('apiKey', null as unknown as KeyRecord);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access ?? 'public';
    if (access === 'public') return;
    const header = request.headers.authorization;
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
    const key = keys.find(match[1]!);
    if (!key) throw new HttpError(403, 'Authorization failed: the key is not known');
    if (key.deactivatedTime !== null)
      throw new HttpError(403, 'Authorization failed: the key has been deactivated');
    if (access === 'admin') {
      if (key.kind !== 'admin') throw new HttpError(403, 'This route needs an admin key');
    } else if (key.kind === 'admin') {
      throw new HttpError(403, 'Admin keys can be used only on admin routes');
    } else if (access === 'paid' && key.tier !== 'paid') {
      throw new HttpError(403, 'This part of the service is available on the paid tier only');
    }
    request.apiKey = key;
  });
}
