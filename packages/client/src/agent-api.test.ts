import { describe, expect, it } from 'vitest';
import { isTaskDone } from './agent-api.js';
import { LinkExpiredError, NotFoundError } from './errors.js';
import { startLocalServer } from './test-support/local-server.js';

let offset = 0;
const server = await startLocalServer({ clock: () => Date.now() + offset });
const client = server.client();

describe('agent', () => {
  it('triggers a workflow, waits for it within the poll limit, and fetches the result', async () => {
    const started = await client.agent.trigger('translate', {
      text: 'Good night',
      target_lang: 'de',
    });
    expect(started.pollingUrl).toBe(`/v1/unstable/agent/tasks/${started.taskId}`);
    const task = await client.agent.waitForTask(started.taskId);
    expect(task).toMatchObject({ taskId: started.taskId, status: 'Completed' });
    expect(isTaskDone(task)).toBe(true);
    const content = await client.agent.fetchContent(task.result.response!);
    expect(content).toEqual({ message: '[Ĝööð ñíĝĥţ ~]', contentType: 'text', language: 'de' });
  });

  it('shows an empty result while in progress and polls no faster than every 5 s', async () => {
    const started = await client.agent.trigger('echo', { text: 'later', delay_ms: 500 });
    const first = await client.agent.task(started.taskId);
    expect(first).toMatchObject({ status: 'InProgress', result: {}, resultData: [] });
    await server.clearRequests();
    const begun = Date.now();
    const task = await client.agent.waitForTask(started.taskId, { intervalMs: 100 });
    expect(task.status).toBe('Completed');
    expect(Date.now() - begun).toBeGreaterThanOrEqual(5000);
    expect((await server.requests()).length).toBe(2);
    const artifact = task.resultData.find((a) => a.name === 'input.json')!;
    expect(JSON.parse((await client.agent.fetchContent(artifact.contentUrl)).message)).toEqual({
      text: 'later',
      delay_ms: 500,
    });
  }, 20_000);

  it('waits out a 429 on the status endpoint as Retry-After says', async () => {
    let ahead = 0;
    const limited = await startLocalServer({ clock: () => Date.now() + ahead });
    const polling = limited.client();
    const { taskId } = await polling.agent.trigger('echo', { text: 'x' });
    // Use up the minute's 12 polls, then move the service clock 59 s on: the first poll leaves
    // the window in about a second, which Retry-After tells the client.
    for (let i = 0; i < 12; i++) expect((await polling.agent.task(taskId)).taskId).toBe(taskId);
    ahead = 59_000;
    await limited.clearRequests();
    const started = Date.now();
    const task = await polling.agent.task(taskId);
    expect(task.status).toBe('Completed');
    expect((await limited.requests()).map((r) => r.status)).toEqual([429, 200]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  });

  it('refuses expired links with a clear error', async () => {
    const { taskId } = await client.agent.trigger('echo', { text: 'x' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Links made by a service clock six minutes behind expired a minute ago.
    offset = -6 * 60_000;
    const stale = await client.agent.task(taskId);
    offset = 0;
    await expect(client.agent.fetchContent(stale.result.response!)).rejects.toBeInstanceOf(
      LinkExpiredError,
    );
    // A link the service itself has since expired (its clock moved on) maps to the same error.
    const fresh = await client.agent.task(taskId);
    offset = 6 * 60_000;
    const error = await client.agent.fetchContent(fresh.result.response!).catch((e: unknown) => e);
    offset = 0;
    expect(error).toBeInstanceOf(LinkExpiredError);
    expect((error as Error).message).toContain('expired');
  });

  it('reports unknown workflows and tasks', async () => {
    await expect(client.agent.trigger('nope', {})).rejects.toBeInstanceOf(NotFoundError);
    await expect(client.agent.task('nope')).rejects.toBeInstanceOf(NotFoundError);
  });
});
