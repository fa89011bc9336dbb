import { parentPort } from 'node:worker_threads';
import { serializeError, Transfer, type WorkTaskName, workTasks } from './work-tasks.js';

/** A task sent to a worker. */
interface WorkMessage {
  id: number;
  task: WorkTaskName;
  payload: unknown;
}

// The worker entry: runs one task at a time, in the order received, and answers each by id.
parentPort!.on('message', async (message: WorkMessage) => {
  try {
    const run = workTasks[message.task] as (payload: unknown) => unknown;
    const value = await run(message.payload);
    if (value instanceof Transfer)
      parentPort!.postMessage({ id: message.id, value: value.value }, value.list);
    else parentPort!.postMessage({ id: message.id, value });
  } catch (error) {
    parentPort!.postMessage({ id: message.id, error: serializeError(error) });
  }
});
