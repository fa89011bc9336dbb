import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { type ServerOptions, startServer, type TransloomServer } from '../create-server.js';

/** Keys every test server knows. */
export const KEYS = {
  paid: 'paid-key-0001:test',
  free: 'free-key-0001:fx',
  admin: 'admin-key-0001:admin',
} as const;

/** A response, its status and its parsed body. */
export interface CallResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** How to send a request in a test. */
export interface CallOptions {
  /** `paid` (default), `free`, `admin`, `none`, or a literal key. */
  key?: keyof typeof KEYS | 'none' | { literal: string };
  json?: unknown;
  form?: Array<[string, string]> | string;
  body?: NonNullable<RequestInit['body']>;
  headers?: Record<string, string>;
}

/** A running test server with helpers. */
export interface TestServer {
  url: string;
  server: TransloomServer & { url: string };
  call<T = any>(method: string, path: string, options?: CallOptions): Promise<CallResult<T>>;
  close(): Promise<void>;
}

function getWithBody(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const length = String(Buffer.byteLength(body));
    const req = request(
      url,
      { method: 'GET', headers: { ...headers, 'content-length': length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const answer = new Headers();
          for (const [name, value] of Object.entries(res.headers))
            if (typeof value === 'string') answer.set(name, value);
          resolve(
            new Response(Buffer.concat(chunks), { status: res.statusCode!, headers: answer }),
          );
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The database the tests run on: `sqlite` (default) or `postgres` (the `server-postgres` project). */
export const TEST_DATABASE =
  process.env.TRANSLOOM_TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

/**
 * A fresh database for one test server: in memory on SQLite, a new database of the run's
 * cluster on PostgreSQL (see postgres-global-setup.ts).
 */
export async function testDatabase(): Promise<string> {
  if (TEST_DATABASE === 'sqlite') return ':memory:';
  const base = inject('postgresUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return base.replace(/\/[^/]*$/, `/${name}`);
}

/** Starts the real service on a loopback port; closed after the file's tests. */
export async function startTestServer(options: ServerOptions = {}): Promise<TestServer> {
  const server = await startServer({
    apiKeys: [KEYS.paid],
    freeKeys: [KEYS.free],
    adminKeys: [KEYS.admin],
    port: 0,
    ...options,
    db: options.db ?? (await testDatabase()),
  });
  const call = async <T>(
    method: string,
    path: string,
    opts: CallOptions = {},
  ): Promise<CallResult<T>> => {
    const headers: Record<string, string> = { ...opts.headers };
    const key = opts.key ?? 'paid';
    if (key !== 'none')
      headers.authorization = `Service-Auth-Key ${typeof key === 'object' ? key.literal : KEYS[key]}`;
    let body: NonNullable<RequestInit['body']> | undefined = opts.body;
    if (opts.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.form !== undefined) {
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
      body = typeof opts.form === 'string' ? opts.form : new URLSearchParams(opts.form).toString();
    }
    // fetch sends no body with a GET, which the official Python client does: node:http does.
    const response =
      method === 'GET' && typeof body === 'string'
        ? await getWithBody(`${server.url}${path}`, headers, body)
        : await fetch(`${server.url}${path}`, {
            method,
            headers,
            ...(body !== undefined ? { body } : {}),
          });
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text !== '')
      parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  };
  const handle: TestServer = { url: server.url, server, call, close: () => server.close() };
  afterAll(() => server.close());
  return handle;
}
