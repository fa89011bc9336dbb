import { setTimeout as sleep } from 'node:timers/promises';
import type { AgentWorkflow } from './agent-workflow.js';

const MAX_DELAY_MS = 60_000;

/** Returns its input: `input.text` as the message, or the whole input as JSON. `delay_ms` waits first. */
export const echoWorkflow: AgentWorkflow = {
  id: 'echo',
  description: 'Returns its input; input.delay_ms (at most 60000) delays completion',
  validate(input) {
    const delay = input.delay_ms;
    if (delay === undefined) return null;
    return typeof delay === 'number' &&
      Number.isInteger(delay) &&
      delay >= 0 &&
      delay <= MAX_DELAY_MS
      ? null
      : `input.delay_ms must be an integer from 0 to ${MAX_DELAY_MS}`;
  },
  async run(input, { signal }) {
    if (typeof input.delay_ms === 'number') await sleep(input.delay_ms, undefined, { signal });
    const message = typeof input.text === 'string' ? input.text : JSON.stringify(input);
    return {
      message,
      contentType: 'text',
      language: typeof input.language === 'string' ? input.language : 'en',
      artifacts: [
        {
          name: 'input.json',
          description: 'The input the task was triggered with',
          message: JSON.stringify(input),
          contentType: 'application/json',
          schema: { type: 'object' },
        },
      ],
    };
  },
};
