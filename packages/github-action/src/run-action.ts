import { tmpdir } from 'node:os';
import * as core from '@actions/core';
import { ServiceUnreachableError, TransloomError } from '@transloom/core';
import { createActionContext } from './action-context.js';
import { readActionEvent } from './action-event.js';
import { readActionInputs } from './action-inputs.js';
import { renderJobSummary } from './job-summary.js';
import { oneLine } from './markdown-text.js';
import { runCheck } from './run-check.js';
import { runComment } from './run-comment.js';
import { runShard } from './run-shard.js';
import { runTranslate } from './run-translate.js';

/** Inputs that hold credentials: masked in the log before anything else is read. */
export const SECRET_INPUTS = ['api-key', 'admin-key', 'github-token', 'workflow-token'] as const;

// The shared memory's URL and its password are secrets too: the log never shows them.
function maskRedisUrl(url: string | undefined): void {
  if (!url) return;
  core.setSecret(url);
  try {
    const { password, username } = new URL(url);
    for (const part of [password, username && !password ? username : ''])
      if (part) core.setSecret(decodeURIComponent(part));
  } catch {}
}

/** Options of {@link run}. */
export interface RunActionOptions {
  /** Cancels the run (the entry passes one that SIGINT and SIGTERM abort). */
  signal?: AbortSignal;
}

/**
 * Runs the Action with the inputs and event the runner set (`INPUT_*`, `GITHUB_*`). Never
 * throws: a failure is reported with `core.setFailed` (the step fails), naming the input,
 * file or service at fault.
 */
export async function run(options: RunActionOptions = {}): Promise<void> {
  const env = process.env;
  try {
    for (const name of SECRET_INPUTS) {
      const value = core.getInput(name).trim();
      if (value) core.setSecret(value);
    }
    maskRedisUrl(env.TRANSLOOM_REDIS_URL);
    const inputs = readActionInputs((name) => core.getInput(name));
    // Read once, the inputs (the keys among them) leave the environment: code the run loads
    // (a trusted configuration, a format's parser) has no use for them.
    for (const name of Object.keys(env)) if (/^INPUT_/i.test(name)) delete env[name];
    const event = readActionEvent(env);
    const ctx = createActionContext({
      inputs,
      event,
      env,
      signal: options.signal ?? new AbortController().signal,
      tempDir: env.RUNNER_TEMP || tmpdir(),
    });
    if (inputs.mode === 'check') await runCheck(ctx);
    else if (inputs.mode === 'comment') await runComment(ctx);
    else if (inputs.shard) await runShard(ctx);
    else await runTranslate(ctx);
  } catch (error) {
    if (options.signal?.aborted) {
      core.setFailed(
        'Transloom: the run was cancelled; what was translated is written, and the next run goes on from there.',
      );
      return;
    }
    const message = failureMessage(error);
    core.setFailed(message);
    if ((error as Error)?.stack && !(error instanceof TransloomError && error.kind !== 'internal'))
      core.debug((error as Error).stack!);
    // The summary says why the step failed, also when the run stopped before writing one.
    try {
      await core.summary
        .addRaw(renderJobSummary({ title: 'Transloom: the step failed', outcome: message }))
        .write();
    } catch {}
  }
}

/** The one line that says why a run failed, with the error's code. */
export function failureMessage(error: unknown): string {
  if (!(error instanceof TransloomError))
    return `Transloom: unexpected error: ${oneLine(String((error as Error)?.message ?? error), 4000)}`;
  // The engine's client stops at once when the service cannot be reached: nothing after it
  // (no commit, no push) ran.
  if (error instanceof ServiceUnreachableError)
    return `Transloom: ${oneLine(error.message, 4000)}; nothing was committed or pushed. Check input 'api-url' and that the service is up, then run the workflow again. [${error.code}]`;
  return `Transloom: ${oneLine(error.message, 4000)} [${error.code}]`;
}
