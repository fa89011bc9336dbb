import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InternalError, TransloomError, UsageError } from '@transloom/client/errors';
import { afterAll, describe, expect, it } from 'vitest';
import { createServer, StyleRulesFileError } from '../create-server.js';
import { EngineLoadError, loadEngine } from '../engines/load-engine.js';
import { HttpError } from '../http/http-error.js';
import { parseServerArgs } from '../parse-server-args.js';
import { deserializeError, serializeError } from '../worker/work-tasks.js';

/** What a call threw. */
async function thrownBy(fn: () => unknown): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  throw new InternalError('the call was expected to throw');
}

describe('the service’s errors', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('make a bad command line a user error with its code', async () => {
    const error = await thrownBy(() => parseServerArgs(['--port', 'x'], {}));
    expect(error).toBeInstanceOf(UsageError);
    expect(error).toBeInstanceOf(TransloomError);
    expect(error).toMatchObject({ code: 'TRANSLOOM_USAGE', kind: 'user' });
  });

  it('place a bad style rules file at its path', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'transloom-errors-'));
    dirs.push(dir);
    const file = join(dir, 'rules.json');
    await writeFile(file, '{"style_rules": 3}');
    const error = await thrownBy(() => createServer({ styleRules: file }));
    expect(error).toBeInstanceOf(StyleRulesFileError);
    expect(error).toMatchObject({
      code: 'TRANSLOOM_STYLE_RULES_FILE',
      kind: 'user',
      position: { file },
      message: `${file}: expected an array of style rule lists`,
    });
  });

  it('make an engine that cannot be loaded a user error', async () => {
    const error = await thrownBy(() => loadEngine('/nowhere/engine.mjs'));
    expect(error).toBeInstanceOf(EngineLoadError);
    expect(error).toMatchObject({ code: 'TRANSLOOM_ENGINE_LOAD', kind: 'user' });
  });

  it('keep an HTTP error’s status and body, a 4xx the caller’s and a 5xx the service’s', () => {
    const bad = new HttpError(400, "Value for 'text' not supported.", { rule: 'TEXT' });
    expect(bad).toBeInstanceOf(TransloomError);
    expect(bad).toMatchObject({ status: 400, code: 'TRANSLOOM_BAD_REQUEST', kind: 'user' });
    expect(bad.toBody()).toEqual({ message: "Value for 'text' not supported.", code: 'TEXT' });
    expect(new HttpError(503, 'busy')).toMatchObject({
      code: 'TRANSLOOM_UNAVAILABLE',
      kind: 'service',
    });
  });

  it('carry a coded error across the thread boundary and call any other one internal', () => {
    const coded = deserializeError(serializeError(new UsageError('no')));
    expect(coded).toMatchObject({
      name: 'UsageError',
      code: 'TRANSLOOM_USAGE',
      kind: 'user',
      message: 'no',
    });
    const plain = new RangeError('offset out of range');
    const rebuilt = deserializeError(serializeError(plain));
    expect(rebuilt).toBeInstanceOf(InternalError);
    expect(rebuilt.message).toMatch(
      /^internal error: RangeError in a work thread: offset out of range\. .*report/,
    );
  });
});
