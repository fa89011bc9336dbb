import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticate } from '../http/auth.js';
import { badRequest, forbidden } from '../http/http-error.js';
import { Params } from '../http/params.js';
import type { KeyStore } from '../store/key-store.js';
import {
  FAULT_KINDS,
  type FaultInjector,
  type FaultKind,
  type FaultSpec,
  parseFaultHeader,
  type RecordedRequest,
} from './fault-injector.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when fault injection decided this request's translations come back mangled. */
    mangleTranslations?: boolean;
    recorded?: RecordedRequest;
  }
}

/** Prefix of the routes that control fault injection (present only with `--faults`). */
export const CONTROL_PREFIX = '/__transloom/';
const HANG_LIMIT_MS = 10 * 60 * 1000;

function inject(fault: FaultSpec, request: FastifyRequest, reply: FastifyReply): boolean {
  const retryAfter = String(fault.retryAfter ?? 1);
  switch (fault.kind) {
    case '429':
    case '529':
      void reply
        .code(Number(fault.kind))
        .header('retry-after', retryAfter)
        .send({ message: 'Too many requests (injected fault)' });
      return true;
    case '500':
    case '502':
    case '503':
      void reply.code(Number(fault.kind)).send({ message: 'Service error (injected fault)' });
      return true;
    case '456':
      void reply.code(456).send({ message: 'Quota exceeded (injected fault)' });
      return true;
    case '413':
      void reply.code(413).send({ message: 'Request body too large (injected fault)' });
      return true;
    case 'hang': {
      // Never answer; the client's timeout has to notice. The socket is dropped eventually.
      reply.hijack();
      const timer = setTimeout(() => request.raw.socket.destroy(), HANG_LIMIT_MS);
      request.raw.socket.once('close', () => clearTimeout(timer));
      return true;
    }
    case 'reset':
      reply.hijack();
      request.raw.socket.resetAndDestroy?.() ?? request.raw.socket.destroy();
      return true;
    case 'mangle':
      request.mangleTranslations = true;
      return false;
  }
}

function readKinds(params: Params): FaultKind[] {
  const kinds = params.stringList('kinds') ?? [...FAULT_KINDS];
  for (const kind of kinds) {
    if (!(FAULT_KINDS as readonly string[]).includes(kind)) {
      throw badRequest(`Unknown fault kind '${kind}'; known: ${FAULT_KINDS.join(', ')}`);
    }
  }
  return kinds as FaultKind[];
}

/**
 * Adds the fault hooks and control routes (only for a service started with `--faults`). Arming
 * faults, by route or by header, and reading the request log need an admin key.
 */
export function registerFaults(app: FastifyInstance, faults: FaultInjector, keys: KeyStore): void {
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path.startsWith(CONTROL_PREFIX)) return;
    const header = request.headers['x-transloom-fault'];
    if (
      header !== undefined &&
      (await authenticate(keys, request.headers.authorization)).kind !== 'admin'
    )
      throw forbidden('X-Transloom-Fault needs an admin key');
    const fault = faults.take(path);
    request.recorded = faults.record({
      method: request.method,
      path,
      receivedAt: new Date().toISOString(),
      contentLength: request.headers['content-length']
        ? Number(request.headers['content-length'])
        : null,
      status: null,
      fault: fault?.kind ?? null,
    });
    // A header arms the requests after this one, so a client's retry is not hit again by it.
    if (typeof header === 'string') {
      const parsed = parseFaultHeader(header);
      if (!parsed) throw badRequest(`Malformed X-Transloom-Fault header: '${header}'`);
      faults.arm(parsed.spec, parsed.count);
    }
    if (fault && inject(fault, request, reply)) return reply;
  });
  app.addHook('preHandler', async (request) => {
    const body = request.body as { text?: unknown; target_lang?: unknown } | undefined;
    if (!request.recorded || !body || typeof body !== 'object') return;
    if (Array.isArray(body.text)) request.recorded.texts = body.text.length;
    if (typeof body.target_lang === 'string') request.recorded.targetLang = body.target_lang;
  });
  app.addHook('onResponse', async (request, reply) => {
    if (request.recorded) request.recorded.status = reply.statusCode;
  });

  const admin = { config: { access: 'admin' as const } };
  app.get(`${CONTROL_PREFIX}requests`, admin, async () => ({ requests: faults.requests }));
  app.delete(`${CONTROL_PREFIX}requests`, admin, async (_request, reply) => {
    faults.requests.length = 0;
    return reply.code(204).send();
  });
  app.post(`${CONTROL_PREFIX}faults`, admin, async (request, reply) => {
    const params = new Params(request.body);
    const kind = params.oneOf('kind', FAULT_KINDS);
    if (kind === undefined) throw badRequest(`Parameter 'kind' is required`);
    const spec: FaultSpec = { kind };
    const retryAfter = params.integer('retry_after', { min: 0 });
    if (retryAfter !== undefined) spec.retryAfter = retryAfter;
    const path = params.string('path');
    if (path !== undefined) spec.path = path;
    faults.arm(spec, params.integer('count', { min: 1 }) ?? 1);
    return reply.code(204).send();
  });
  app.put(`${CONTROL_PREFIX}faults`, admin, async (request, reply) => {
    const params = new Params(request.body);
    const rate = params.has('rate') ? (request.body as { rate: unknown }).rate : undefined;
    if (typeof rate !== 'number' || rate < 0 || rate > 1) {
      throw badRequest(`Parameter 'rate' must be a number from 0 to 1`);
    }
    const paths = params.stringList('paths');
    const seed = params.integer('seed');
    const retryAfter = params.integer('retry_after', { min: 0 });
    faults.setRandom({
      rate,
      kinds: readKinds(params),
      ...(paths ? { paths } : {}),
      ...(seed !== undefined ? { seed } : {}),
      ...(retryAfter !== undefined ? { retryAfter } : {}),
    });
    return reply.code(204).send();
  });
  app.delete(`${CONTROL_PREFIX}faults`, admin, async (_request, reply) => {
    faults.clear();
    return reply.code(204).send();
  });
}
