import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { ConfigError } from '@transloom/client/errors';
import type { ConfigFormat } from './find-config-file.js';

/** Largest configuration file read as data. */
export const MAX_DATA_CONFIG_BYTES = 1024 * 1024;

const fail = (file: string, message: string) => new ConfigError([{ path: '', message }], file);

// Where a parser stopped, as line and column: its message may quote the file, which may be
// anything a link pointed at, so only the position is kept.
function position(text: string, offset: number | undefined): string {
  if (offset === undefined || !Number.isFinite(offset)) return '';
  const before = text.slice(0, offset).split('\n');
  return ` (line ${before.length}, column ${before.at(-1)!.length + 1})`;
}

/**
 * Reads a JSON or YAML configuration as data only: nothing in it runs, and nothing else is
 * read. Unlike cosmiconfig's loaders it follows no `$import` (which could load a JavaScript
 * file), refuses a symbolic link, reads at most {@link MAX_DATA_CONFIG_BYTES}, and its errors
 * give a position, never the file's text. `package.json` gives its `transloom` key.
 */
export async function readDataConfig(
  file: string,
  format: Exclude<ConfigFormat, 'code'>,
): Promise<unknown> {
  let text: string;
  try {
    // O_NOFOLLOW: a link is refused by the open itself, not by a check that could race it.
    const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      if (!(await handle.stat()).isFile()) throw fail(file, 'is not a file');
      const buffer = Buffer.alloc(MAX_DATA_CONFIG_BYTES + 1);
      // A read may return less than asked (a /proc file gives a page at a time): read until the
      // end or one byte past the cap.
      let bytesRead = 0;
      for (;;) {
        const read = await handle.read(buffer, bytesRead, buffer.length - bytesRead, bytesRead);
        if (read.bytesRead === 0) break;
        bytesRead += read.bytesRead;
        if (bytesRead === buffer.length) break;
      }
      if (bytesRead > MAX_DATA_CONFIG_BYTES)
        throw fail(file, `is larger than ${MAX_DATA_CONFIG_BYTES} bytes`);
      text = buffer.subarray(0, bytesRead).toString('utf8');
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw fail(
      file,
      code === 'ELOOP'
        ? 'is a symbolic link; a configuration read as data must be a file of its own'
        : `cannot be read (${code ?? 'error'})`,
    );
  }
  let data: unknown;
  if (format === 'json') {
    try {
      data = JSON.parse(text);
    } catch (error) {
      const at = /position (\d+)/.exec((error as Error).message)?.[1];
      throw fail(file, `is not valid JSON${position(text, at ? Number(at) : undefined)}`);
    }
    if (basename(file) === 'package.json')
      data = (data as Record<string, unknown> | null)?.transloom;
  } else {
    // The YAML parser is loaded for a YAML configuration only.
    // A bundle that splits chunks (the CLI's) hands a CommonJS module over as its default export.
    const loaded: Partial<typeof import('yaml')> & { default?: typeof import('yaml') } =
      await import('yaml');
    const parseYaml = loaded.parse ?? loaded.default!.parse;
    try {
      data = parseYaml(text, { prettyErrors: false });
    } catch (error) {
      throw fail(
        file,
        `is not valid YAML${position(text, (error as { pos?: number[] }).pos?.[0])}`,
      );
    }
  }
  if (data !== null && typeof data === 'object' && Object.hasOwn(data, '$import'))
    throw fail(
      file,
      "'$import' loads other files (code among them); a configuration read as data cannot use it",
    );
  return data;
}
