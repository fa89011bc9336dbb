import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import { TransloomError } from '@transloom/client/errors';
import Fastify, { type FastifyInstance } from 'fastify';
import { Accounting } from './accounting.js';
import type { AgentWorkflow } from './agent/agent-workflow.js';
import { echoWorkflow } from './agent/echo-workflow.js';
import { TaskRunner } from './agent/task-runner.js';
import { translateWorkflow } from './agent/translate-workflow.js';
import { loadEngine } from './engines/load-engine.js';
import type { TranslationEngine } from './engines/translation-engine.js';
import { createUpstreamEngine } from './engines/upstream/upstream-engine.js';
import { FaultInjector } from './faults/fault-injector.js';
import { registerFaults } from './faults/register-faults.js';
import { registerAuth } from './http/auth.js';
import { registerBodyParsers } from './http/body-parsers.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerAdminRoutes } from './routes/admin-routes.js';
import { registerAgentRoutes } from './routes/agent-routes.js';
import { registerGlossaryRoutes } from './routes/glossary-routes.js';
import { registerGlossaryV2Routes } from './routes/glossary-v2-routes.js';
import { registerLanguageRoutes } from './routes/languages-routes.js';
import { registerRephraseRoutes } from './routes/rephrase-routes.js';
import { registerStyleRuleRoutes } from './routes/style-rule-routes.js';
import { registerTranslateRoutes } from './routes/translate-routes.js';
import { registerUsageRoutes } from './routes/usage-routes.js';
import { registerVoiceRoutes } from './routes/voice-routes.js';
import type { ServiceContext } from './service-context.js';
import type { SpeechEngine } from './speech/speech-engine.js';
import { utteranceDetector } from './speech/utterance-detector.js';
import { CachedKeyStore } from './store/cached-key-store.js';
import { openServiceStore } from './store/open-service-store.js';
import type { ServiceStore } from './store/service-store.js';
import type { StyleRuleSeed } from './store/style-rule-store.js';
import { Translator } from './translate/translator.js';
import { VoiceSessions } from './voice/voice-sessions.js';
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from './voice/voice-stream.js';
import { WorkPool } from './worker/work-pool.js';

/** How long clients may take, and how many may be connected (slow clients cannot exhaust the service). */
export interface ConnectionLimits {
  /** Milliseconds to receive a request's headers (default 10 s). */
  headersTimeoutMs: number;
  /** Milliseconds to receive a whole request, body included (default 30 s). */
  requestTimeoutMs: number;
  /** Milliseconds a connection may stay silent while a request is under way (default 30 s). */
  idleTimeoutMs: number;
  /** Milliseconds an idle keep-alive connection is kept open (default 5 s). */
  keepAliveTimeoutMs: number;
  /** Connections open at once; more are refused (default 512). */
  maxConnections: number;
}

/** The defaults of {@link ConnectionLimits}. */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  idleTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 512,
};

/** How long a replica's hold on a running agent task lasts unless renewed. */
const DEFAULT_TASK_LEASE_MS = 30_000;

/** Body limit of routes that name none: their bodies are small JSON objects. */
const DEFAULT_BODY_LIMIT = 64 * 1024;

/** Options of {@link createServer}. */
export interface ServerOptions {
  /**
   * Where the data lives: a SQLite file, `:memory:` (default), or a PostgreSQL URL
   * (`postgres://user:password@host/db`), which any number of replicas may share.
   */
  db?: string;
  /** Connections to PostgreSQL this replica keeps open at most (default 10). */
  databasePoolSize?: number;
  /**
   * Secret that signs presigned links; default: one made once and kept in the database, so
   * every replica sharing it signs alike.
   */
  signingSecret?: string;
  /**
   * Milliseconds a replica's hold on a running agent task lasts unless renewed (default
   * 30000): a task whose replica died is taken over by another after at most this long.
   */
  taskLeaseMs?: number;
  /**
   * `pseudo` (default), `identity`, `upstream` (the gateway: forwards to `upstream`), a module
   * path, or an engine object.
   */
  engine?: TranslationEngine | string;
  /** The service the `upstream` engine forwards to, and its key. */
  upstream?: { url: string; key: string; timeoutMs?: number; cacheDays?: number };
  /** Speech-to-text engine of voice streams (default: the built-in utterance detector). */
  speechEngine?: SpeechEngine;
  /** Paid-tier developer keys created at start when missing. */
  apiKeys?: readonly string[];
  /** Free-tier developer keys created at start when missing. */
  freeKeys?: readonly string[];
  /** Admin keys created at start when missing (the API never creates admin keys). */
  adminKeys?: readonly string[];
  /** Style rule lists to seed, or the path of a JSON file holding them. */
  styleRules?: readonly StyleRuleSeed[] | string;
  /** Enables fault injection and the request log. */
  faults?: boolean;
  /** Monthly character limit of the whole account (default: none). */
  characterLimit?: number | null;
  /** Milliseconds since the epoch; tests move time forward with it. */
  clock?: () => number;
  /** Agent workflows besides (or replacing) the built-in `echo` and `translate`. */
  workflows?: readonly AgentWorkflow[];
  /** Voice stream timing limits; tests shorten them. */
  streamLimits?: Partial<StreamLimits>;
  /** Called with unexpected errors (answered with a 500); default: written to stderr. */
  onInternalError?: (error: unknown) => void;
  /**
   * Base URL of the links the service hands out (task pages, results, voice streams), e.g.
   * `https://transloom.example.com`; default: the address it listens on.
   */
  publicUrl?: string;
  /** Timeouts and the connection cap; each has a default. */
  connections?: Partial<ConnectionLimits>;
  /** Worker threads for CPU-heavy work (default 2). */
  workers?: number;
  /** Work of one request that runs longer in a worker is stopped with a 503 (default 60 s). */
  workTimeoutMs?: number;
  /**
   * Milliseconds a key found once is trusted without asking the database (default 1000): a
   * key deactivated by another replica stops working here after at most this long; one
   * deactivated through this replica stops at once.
   */
  keyCacheTtlMs?: number;
}

/** A running (or ready to run) local service. */
export interface TransloomServer {
  readonly app: FastifyInstance;
  readonly context: ServiceContext;
  /** Present when started with `faults: true`. */
  readonly faults: FaultInjector | null;
  /** Starts listening; resolves with the base URL, e.g. `http://127.0.0.1:8787`. */
  listen(options?: { host?: string; port?: number }): Promise<string>;
  /** Stops accepting requests, ends tasks and streams, closes the database. */
  close(): Promise<void>;
}

/** Thrown when the style rules file cannot be used. */
export class StyleRulesFileError extends TransloomError {
  override readonly name = 'StyleRulesFileError';

  constructor(file: string, problem: string, options?: { cause?: unknown }) {
    super('TRANSLOOM_STYLE_RULES_FILE', `${file}: ${problem}`, {
      ...options,
      kind: 'user',
      position: { file },
    });
  }
}

/** Reads style rule lists to seed from a JSON file: an array, or `{"style_rules": [...]}`. */
export async function readStyleRulesFile(path: string): Promise<StyleRuleSeed[]> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new StyleRulesFileError(path, (error as Error).message, { cause: error });
  }
  const list = Array.isArray(data) ? data : (data as { style_rules?: unknown } | null)?.style_rules;
  if (!Array.isArray(list))
    throw new StyleRulesFileError(path, 'expected an array of style rule lists');
  list.forEach((item, i) => {
    const seed = item as Partial<StyleRuleSeed> | null;
    if (typeof seed?.name !== 'string' || typeof seed.language !== 'string') {
      throw new StyleRulesFileError(path, `entry ${i} needs a string 'name' and 'language'`);
    }
  });
  return list as StyleRuleSeed[];
}

/** Bytes of one voice WebSocket message: a 100 KB chunk as base64 in JSON, with room to spare. */
const VOICE_MESSAGE_LIMIT = 256 * 1024;

/** Thrown when the `upstream` engine is asked for without its service. */
export class UpstreamConfigError extends TransloomError {
  override readonly name = 'UpstreamConfigError';

  constructor(message: string, options?: { cause?: unknown }) {
    super('TRANSLOOM_UPSTREAM_CONFIG', message, { ...options, kind: 'user' });
  }
}

/** Thrown when the public URL cannot be used. */
export class PublicUrlError extends TransloomError {
  override readonly name = 'PublicUrlError';

  constructor(message: string, options?: { cause?: unknown }) {
    super('TRANSLOOM_PUBLIC_URL', message, { ...options, kind: 'user' });
  }
}

/** Checks a public URL (http or https, no query or fragment) and drops a trailing slash. */
export function resolvePublicUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new PublicUrlError(
      `The public URL '${value}' is not a URL; give e.g. https://transloom.example.com`,
    );
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.search ||
    url.hash ||
    url.username
  ) {
    throw new PublicUrlError(
      `The public URL '${value}' must be an http or https address without credentials, query or fragment`,
    );
  }
  return url.href.replace(/\/$/, '');
}

function defaultInternalError(error: unknown): void {
  process.stderr.write(
    `transloom-server: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
}

/** What the options resolve to before anything is opened: read files, checked URLs, the engine. */
interface ResolvedOptions {
  clock: () => number;
  now: () => Date;
  /** A named or module engine, loaded; null for an engine object or the `upstream` engine. */
  engineModule: TranslationEngine | null;
  styleSeeds: readonly StyleRuleSeed[];
  publicUrl: string | null;
  limits: ConnectionLimits;
}

// Everything that can fail on a bad option fails here, before the database is opened.
async function resolveOptions(options: ServerOptions): Promise<ResolvedOptions> {
  const clock = options.clock ?? Date.now;
  if (options.engine === 'upstream' && !options.upstream) {
    throw new UpstreamConfigError(
      "The 'upstream' engine needs the upstream service's URL and key (--upstream-url, --upstream-key)",
    );
  }
  const engineModule =
    typeof options.engine === 'object' || options.engine === 'upstream'
      ? null
      : await loadEngine(options.engine ?? 'pseudo');
  const styleSeeds =
    typeof options.styleRules === 'string'
      ? await readStyleRulesFile(options.styleRules)
      : (options.styleRules ?? []);
  return {
    clock,
    now: () => new Date(clock()),
    engineModule,
    styleSeeds,
    publicUrl: options.publicUrl === undefined ? null : resolvePublicUrl(options.publicUrl),
    limits: { ...DEFAULT_CONNECTION_LIMITS, ...options.connections },
  };
}

/** The opened database with its seeded keys and style rules, and the secret of presigned links. */
interface OpenedStore {
  store: ServiceStore;
  keys: CachedKeyStore;
  signingKey: string;
}

// Opens the database and creates the keys and style rules asked for; closes it again on failure.
async function openStore(options: ServerOptions, resolved: ResolvedOptions): Promise<OpenedStore> {
  const { now } = resolved;
  const store = await openServiceStore(options.db ?? ':memory:', {
    ...(options.databasePoolSize !== undefined ? { poolSize: options.databasePoolSize } : {}),
  });
  const keys = new CachedKeyStore(store.keys, {
    ...(options.keyCacheTtlMs !== undefined ? { ttlMs: options.keyCacheTtlMs } : {}),
  });
  try {
    for (const key of options.apiKeys ?? []) await keys.ensure(key, 'developer', 'paid', now());
    for (const key of options.freeKeys ?? []) await keys.ensure(key, 'developer', 'free', now());
    for (const key of options.adminKeys ?? []) await keys.ensure(key, 'admin', 'paid', now());
    await store.styles.seed(resolved.styleSeeds, now());
    const signingKey =
      options.signingSecret ??
      (await store.metaValue('signing_key', () => randomBytes(32).toString('base64url')));
    return { store, keys, signingKey };
  } catch (error) {
    await store.close();
    throw error;
  }
}

// The context every route reads: stores, engines, the work pool, the clock and the public URL.
function buildContext(
  options: ServerOptions,
  resolved: ResolvedOptions,
  opened: OpenedStore,
  listening: { url: string },
): ServiceContext {
  const { store, keys, signingKey } = opened;
  const { usage, glossaries, styles } = store;
  const { now, publicUrl } = resolved;
  const engine =
    typeof options.engine === 'object'
      ? options.engine
      : (resolved.engineModule ??
        createUpstreamEngine({ ...options.upstream!, cache: store.upstream }));
  const pool = new WorkPool({
    ...(options.workers !== undefined ? { size: options.workers } : {}),
    ...(options.workTimeoutMs !== undefined ? { taskTimeoutMs: options.workTimeoutMs } : {}),
  });
  return {
    store,
    keys,
    usage,
    glossaries,
    styles,
    tasks: store.tasks,
    accounting: new Accounting(usage, now, options.characterLimit ?? null),
    translator: new Translator(engine, pool, glossaries),
    pool,
    speech: options.speechEngine ?? utteranceDetector,
    workflows: new Map(
      [echoWorkflow, translateWorkflow, ...(options.workflows ?? [])].map((w) => [w.id, w]),
    ),
    faults: options.faults ? new FaultInjector() : null,
    signingKey,
    publicUrl: () => publicUrl ?? listening.url,
    now,
  };
}

// The Fastify instance with its connection limits, error handler, body parsers, fault
// injection, authentication and the WebSocket plugin: everything that runs before a route.
async function createApp(
  options: ServerOptions,
  limits: ConnectionLimits,
  ctx: ServiceContext,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    bodyLimit: DEFAULT_BODY_LIMIT,
    forceCloseConnections: true,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    // Node checks the header and request deadlines on this period: keep it well under them.
    http: {
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: Math.max(
        50,
        Math.min(1000, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4)),
      ),
    },
  });
  app.server.maxConnections = limits.maxConnections;
  registerErrorHandler(app, options.onInternalError ?? defaultInternalError);
  registerBodyParsers(app);
  // Before any route: it gives each route that needs a key its check as the route is made.
  registerAuth(app, ctx.keys);
  if (ctx.faults) registerFaults(app, ctx.faults, ctx.keys);
  // A voice message holds one audio chunk (100 KB, base64 in JSON): nothing bigger is read.
  await app.register(websocket, { options: { maxPayload: VOICE_MESSAGE_LIMIT } });
  return app;
}

/** The voice sessions, their limits, and the timer that ends idle ones. */
interface VoiceSetup {
  sessions: VoiceSessions;
  streamLimits: StreamLimits;
  sweep: NodeJS.Timeout;
}

function startVoiceSessions(
  options: ServerOptions,
  store: ServiceStore,
  clock: () => number,
): VoiceSetup {
  const streamLimits = { ...DEFAULT_STREAM_LIMITS, ...options.streamLimits };
  const sessions = new VoiceSessions(store.voice, clock, streamLimits.idleMs);
  const sweep = setInterval(
    () => void sessions.sweep().catch(() => undefined),
    Math.min(VoiceSessions.WATCH_MS, streamLimits.idleMs),
  );
  sweep.unref();
  return { sessions, streamLimits, sweep };
}

// Every route group of the contract.
async function registerRoutes(
  app: FastifyInstance,
  ctx: ServiceContext,
  runner: TaskRunner,
  voice: VoiceSetup,
): Promise<void> {
  registerTranslateRoutes(app, ctx);
  registerRephraseRoutes(app, ctx);
  registerLanguageRoutes(app);
  registerGlossaryRoutes(app, ctx);
  registerGlossaryV2Routes(app, ctx);
  registerStyleRuleRoutes(app, ctx);
  registerVoiceRoutes(app, ctx, voice.sessions, voice.streamLimits);
  // Only the agent routes read multipart bodies: the plugin's hooks (a listener on every
  // reply, two more promises) run on their requests alone, not on every translation.
  await app.register(async (scope) => {
    await scope.register(multipart);
    registerAgentRoutes(scope, ctx, runner);
  });
  registerAdminRoutes(app, ctx);
  registerUsageRoutes(app, ctx);
}

// Listening and closing: close stops in order (tasks, streams, requests, workers, engine, data).
function serverHandle(
  app: FastifyInstance,
  ctx: ServiceContext,
  runner: TaskRunner,
  voice: VoiceSetup,
  listening: { url: string },
): TransloomServer {
  let closed = false;
  return {
    app,
    context: ctx,
    faults: ctx.faults,
    async listen(listenOptions = {}) {
      await app.listen({ host: listenOptions.host ?? '127.0.0.1', port: listenOptions.port ?? 0 });
      const address = app.server.address() as AddressInfo;
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      listening.url = `http://${host}:${address.port}`;
      return listening.url;
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(voice.sweep);
      await runner.close();
      await voice.sessions.settleAll();
      await app.close();
      await voice.sessions.settleAll();
      await ctx.pool.close();
      await ctx.translator.engine.close?.();
      await ctx.store.close();
    },
  };
}

/** Builds the local service: database, stores, engines and every route of the contract. */
export async function createServer(options: ServerOptions = {}): Promise<TransloomServer> {
  const resolved = await resolveOptions(options);
  const opened = await openStore(options, resolved);
  // The address links point to until a public URL or the listening address is known.
  const listening = { url: 'http://127.0.0.1' };
  const ctx = buildContext(options, resolved, opened, listening);
  const app = await createApp(options, resolved.limits, ctx);
  const runner = new TaskRunner(ctx, {
    leaseMs: options.taskLeaseMs ?? DEFAULT_TASK_LEASE_MS,
    shared: opened.store.shared,
  });
  const voice = startVoiceSessions(options, opened.store, resolved.clock);
  await registerRoutes(app, ctx, runner, voice);
  await app.ready();
  await runner.resumeInterrupted();
  return serverHandle(app, ctx, runner, voice, listening);
}

/** Creates the service and starts listening in one step. */
export async function startServer(
  options: ServerOptions & { host?: string; port?: number } = {},
): Promise<TransloomServer & { url: string }> {
  const server = await createServer(options);
  try {
    const url = await server.listen({
      ...(options.host !== undefined ? { host: options.host } : {}),
      ...(options.port !== undefined ? { port: options.port } : {}),
    });
    return Object.assign(server, { url });
  } catch (error) {
    await server.close();
    throw error;
  }
}
