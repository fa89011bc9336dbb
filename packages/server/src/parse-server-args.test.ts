import { UsageError } from '@transloom/client/errors';
import { describe, expect, it } from 'vitest';
import { parseServerArgs } from './parse-server-args.js';

const parse = (argv: string[], env: NodeJS.ProcessEnv = {}) => {
  const settings = parseServerArgs(argv, env);
  if (settings === 'help') throw new Error('help');
  return settings.server;
};

describe('serve flags of the database, the replicas and the gateway', () => {
  it('takes the database from --database, --db or TRANSLOOM_DATABASE_URL, SQLite in memory by default', () => {
    expect(parse([]).db).toBe(':memory:');
    expect(parse(['--database', 'postgres://u@h/db']).db).toBe('postgres://u@h/db');
    expect(parse(['--db', 'service.db']).db).toBe('service.db');
    expect(parse([], { TRANSLOOM_DATABASE_URL: 'postgres://u:p@h/db' }).db).toBe(
      'postgres://u:p@h/db',
    );
    expect(() => parse(['--db', 'a.db', '--database', 'b.db'])).toThrow(UsageError);
  });

  it('reads the pool size, the task lease and the signing secret (also from the environment)', () => {
    const server = parse(['--database-pool', '4', '--task-lease', '5000'], {
      TRANSLOOM_SIGNING_SECRET: 'a-signing-secret-of-some-length',
    });
    expect(server).toMatchObject({
      databasePoolSize: 4,
      taskLeaseMs: 5000,
      signingSecret: 'a-signing-secret-of-some-length',
    });
    expect(() => parse(['--signing-secret', 'short'])).toThrow(/at least 16/);
    expect(() => parse(['--task-lease', '10'])).toThrow(UsageError);
  });

  it('needs the upstream URL and key with --engine upstream, and takes the key from the environment', () => {
    const server = parse(['--engine', 'upstream', '--upstream-url', 'https://api.example.com/'], {
      TRANSLOOM_UPSTREAM_KEY: 'upstream-secret-key',
    });
    expect(server.upstream).toEqual({ url: 'https://api.example.com', key: 'upstream-secret-key' });
    expect(() => parse(['--engine', 'upstream', '--upstream-url', 'https://x.example'])).toThrow(
      /--upstream-key/,
    );
    expect(() => parse(['--engine', 'upstream'], { TRANSLOOM_UPSTREAM_KEY: 'k' })).toThrow(
      /--upstream-url/,
    );
    expect(() => parse(['--upstream-url', 'https://x.example'])).toThrow(/--engine upstream/);
    // The key given by the environment is used only by the gateway.
    expect(parse([], { TRANSLOOM_UPSTREAM_KEY: 'k' }).upstream).toBeUndefined();
    let error: Error | undefined;
    try {
      parse(['--engine', 'upstream', '--upstream-url', 'ftp://x', '--upstream-key', 'secret-9']);
    } catch (e) {
      error = e as Error;
    }
    expect(error?.message).toContain('http(s)');
    expect(error?.message).not.toContain('secret-9');
  });
});
