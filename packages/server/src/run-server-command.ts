import { UsageError } from '@transloom/client/errors';
import { startServer } from './create-server.js';
import { parseServerArgs, SERVE_USAGE } from './parse-server-args.js';

/** Streams the serve command writes to. */
export interface CommandIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
}

/**
 * Runs the serve command until SIGINT or SIGTERM. Resolves with the exit code: 0 after a clean
 * stop, 2 for bad arguments, 1 when the server cannot start.
 */
export async function runServerCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  let settings: ReturnType<typeof parseServerArgs>;
  try {
    settings = parseServerArgs(argv, io.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`transloom-server: ${error.message}\n\n${SERVE_USAGE}`);
    return 2;
  }
  if (settings === 'help') {
    io.stdout.write(SERVE_USAGE);
    return 0;
  }
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({ ...settings.server, host: settings.host, port: settings.port });
  } catch (error) {
    // Messages name a database only without its password (see redactDatabaseUrl).
    io.stderr.write(`transloom-server: cannot start: ${(error as Error).message}\n`);
    return 1;
  }
  if ((await server.context.keys.listDevelopers()).every((k) => k.deactivatedTime !== null)) {
    io.stderr.write(
      'transloom-server: no active API key; pass --api-key KEY or set TRANSLOOM_API_KEY\n',
    );
  }
  io.stdout.write(`listening on ${server.url}\n`);
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      server.close().then(
        () => resolve(0),
        () => resolve(1),
      );
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
