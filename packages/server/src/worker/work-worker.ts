import { parentPort } from 'node:worker_threads';
import { serializeError, Transfer, type WorkTaskName, workTasks } from './work-tasks.js';

/** A task sent to a worker. */
interface WorkMessage {
  id: number;
  task: WorkTaskName;
  payload: unknown;
}

async function runTask(message: WorkMessage): Promise<void> {
  parentPort!.postMessage({ id: message.id, started: true });
  try {
    const run = workTasks[message.task] as (payload: unknown) => unknown;
    const value = await run(message.payload);
    if (value instanceof Transfer)
      parentPort!.postMessage({ id: message.id, value: value.value }, value.list);
    else parentPort!.postMessage({ id: message.id, value });
  } catch (error) {
    parentPort!.postMessage({ id: message.id, error: serializeError(error) });
  }
}

// The worker entry: runs its tasks one at a time (an async one too), in the order received,
// and answers each by id. It says when it starts one, so that its time limit counts from then.
let previous = Promise.resolve();
parentPort!.on('message', (message: WorkMessage) => {
  previous = previous.then(() => runTask(message));
});
