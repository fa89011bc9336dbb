import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeExchange } from './node-exchange.js';

// A real HTTP server whose answers the tests choose by path.
let server: Server;
let base: string;
let connections = 0;
const BODY = JSON.stringify({ text: 'Grüße' });

beforeAll(async () => {
  server = createServer((request, response) => {
    const coding = request.url?.slice(1);
    if (coding === 'gzip' || coding === 'br') {
      const bytes = coding === 'gzip' ? gzipSync(BODY) : brotliCompressSync(BODY);
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': coding });
      response.end(bytes);
    } else if (coding === 'cut') {
      response.writeHead(200, { 'content-length': '100' });
      response.write('{"text":');
      setTimeout(() => response.socket?.destroy(), 20);
    } else if (coding === 'hang') {
      // Never answers: only an abort ends the request.
    } else {
      let received = '';
      request.on('data', (chunk: Buffer) => {
        received += chunk;
      });
      request.on('end', () => {
        response.writeHead(201, { 'content-type': 'application/json', 'retry-after': '3' });
        response.end(JSON.stringify({ length: request.headers['content-length'], received }));
      });
    }
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const exchange = nodeExchange();
const get = (path: string, signal = new AbortController().signal) =>
  exchange({ url: `${base}${path}`, method: 'GET', headers: {}, body: undefined, signal });

describe('the Node exchange (node:http with a keep-alive agent)', () => {
  it('sends a body with its length and reads status, headers and body', async () => {
    const answer = await exchange({
      url: `${base}/echo`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":"ä"}',
      signal: new AbortController().signal,
    });
    expect(answer.status).toBe(201);
    expect(answer.statusText).toBe('Created');
    expect(answer.header('Retry-After')).toBe('3');
    expect(answer.header('x-absent')).toBeNull();
    expect(JSON.parse(answer.body)).toMatchObject({ length: '10', received: '{"a":"ä"}' });
  });

  it('sends requests one after another over one kept-alive connection', async () => {
    const before = connections;
    for (let i = 0; i < 3; i++) expect((await get('/echo')).status).toBe(201);
    expect(connections - before).toBeLessThanOrEqual(1);
  });

  it('decodes gzip and brotli answers, as fetch does', async () => {
    expect((await get('/gzip')).body).toBe(BODY);
    expect((await get('/br')).body).toBe(BODY);
  });

  it('rejects an answer cut short as a reset connection', async () => {
    await expect(get('/cut')).rejects.toMatchObject({ code: 'ECONNRESET' });
  });

  it('stops a request when its signal aborts', async () => {
    const controller = new AbortController();
    const pending = get('/hang', controller.signal);
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
