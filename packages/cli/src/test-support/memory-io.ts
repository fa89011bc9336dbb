import { Writable } from 'node:stream';
import type { CliIo } from '../cli-io.js';

/** A writable that keeps what it is given, optionally posing as a terminal. */
export class MemoryStream extends Writable {
  text = '';
  isTTY: boolean;
  columns = 100;

  constructor(tty = false) {
    super();
    this.isTTY = tty;
  }

  override _write(chunk: Buffer | string, _encoding: string, done: () => void): void {
    this.text += chunk.toString();
    done();
  }

  // cli-progress moves the cursor on terminals.
  cursorTo(): boolean {
    return true;
  }
  moveCursor(): boolean {
    return true;
  }
  clearLine(): boolean {
    return true;
  }
  clearScreenDown(): boolean {
    return true;
  }
}

/** Streams and environment for running the CLI in this process. */
export function memoryIo(
  cwd: string,
  env: NodeJS.ProcessEnv = {},
  tty = false,
): CliIo & { stdout: MemoryStream; stderr: MemoryStream } {
  return { stdout: new MemoryStream(false), stderr: new MemoryStream(tty), env, cwd };
}
