import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { AgentWorkflow } from '../agent/agent-workflow.js';
import { startTestServer } from '../test-support/test-server.js';

let now = Date.UTC(2026, 5, 1, 12, 0, 0);
const failing: AgentWorkflow = {
  id: 'always-fails',
  description: 'Throws',
  async run() {
    throw new Error('the workflow broke');
  },
};
const t = await startTestServer({ clock: () => now, workflows: [failing] });

function form(request: unknown): FormData {
  const data = new FormData();
  data.set('workflow_request', typeof request === 'string' ? request : JSON.stringify(request));
  return data;
}

async function trigger(workflow: string, input: Record<string, unknown>) {
  return t.call('POST', `/v1/unstable/agent/workflows/${workflow}/trigger`, {
    body: form({ input }),
  });
}

// Polls as a well-behaved client: the clock moves 6 s per poll, under 12 polls a minute. The
// wait is bounded in real time, not in polls: a task's first run starts a worker thread, which
// takes seconds on a busy machine.
async function waitFor(taskId: string) {
  const deadline = performance.now() + 30_000;
  while (performance.now() < deadline) {
    now += 6_000;
    const res = await t.call('GET', `/v1/unstable/agent/tasks/${taskId}`);
    if (res.body.status !== 'InProgress') return res;
    await sleep(20);
  }
  throw new Error('task did not finish');
}

describe('agent workflows', () => {
  it('runs a task asynchronously: result {} in progress, presigned links once completed', async () => {
    const started = await trigger('echo', { text: 'Hello agent', delay_ms: 300 });
    expect(started.status).toBe(200);
    const { task_id, polling_url, ui_url, last_modified_date } = started.body;
    expect(task_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(polling_url).toBe(`/v1/unstable/agent/tasks/${task_id}`);
    expect(ui_url).toContain(task_id);
    expect(last_modified_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/);

    now += 6_000;
    const running = await t.call('GET', polling_url);
    expect(running.body).toMatchObject({ status: 'InProgress', result: {}, result_data: [] });

    const done = await waitFor(task_id);
    expect(done.body.status).toBe('Completed');
    expect(done.body.result.data).toBeNull();
    expect(done.body.result_data).toHaveLength(2);
    expect(done.body.result_data[1]).toMatchObject({
      name: 'input.json',
      schema: { type: 'object' },
    });

    // Presigned links work without any Authorization header.
    const content = await fetch(done.body.result.response);
    expect(content.status).toBe(200);
    expect(await content.json()).toEqual({
      message: 'Hello agent',
      content_type: 'text',
      language: 'en',
    });
    const artifact = await fetch(done.body.result_data[1].contentUrl);
    expect(JSON.parse(((await artifact.json()) as { message: string }).message)).toEqual({
      text: 'Hello agent',
      delay_ms: 300,
    });

    const ui = await fetch(ui_url);
    expect(await ui.text()).toContain('Completed');
  });

  it('expires links after five minutes and refuses tampered ones', async () => {
    const { task_id } = (await trigger('echo', { text: 'expiring' })).body;
    const done = await waitFor(task_id);
    const url = new URL(done.body.result.response);
    now += 4 * 60_000;
    expect((await fetch(url)).status).toBe(200);
    now += 61_000;
    const expired = await fetch(url);
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as { message: string }).message).toContain('expired');
    url.searchParams.set('expires', String(now + 60_000));
    const forged = await fetch(url);
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { message: string }).message).toContain('signature');
    const unsigned = await fetch(`${url.origin}${url.pathname}`);
    expect(unsigned.status).toBe(403);
    expect(((await unsigned.json()) as { message: string }).message).toContain('signature');
  });

  it('translates input.text into input.target_lang with the engine', async () => {
    const { task_id } = (await trigger('translate', { text: 'Good morning', target_lang: 'de' }))
      .body;
    const done = await waitFor(task_id);
    const content = await (await fetch(done.body.result.response)).json();
    expect(content).toEqual({ message: '[Ĝööð ɱöŕñíñĝ ~]', content_type: 'text', language: 'de' });
  });

  it('records a failing workflow as Failed', async () => {
    const { task_id } = (await trigger('always-fails', {})).body;
    const done = await waitFor(task_id);
    expect(done.body).toMatchObject({ status: 'Failed', result: {}, result_data: [] });
  });

  it('validates the trigger request', async () => {
    expect((await trigger('missing', {})).status).toBe(404);
    const bad = await trigger('translate', { text: 'x', target_lang: 'xx' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('target_lang');
    const path = '/v1/unstable/agent/workflows/echo/trigger';
    const noField = new FormData();
    noField.set('other', 'x');
    expect((await t.call('POST', path, { body: noField })).body.message).toContain(
      'workflow_request',
    );
    expect((await t.call('POST', path, { body: form('{not json') })).body.message).toContain(
      'not valid JSON',
    );
    expect((await t.call('POST', path, { body: form({ input: [1] }) })).status).toBe(400);
    const json = await t.call('POST', path, { json: { workflow_request: '{"input":{}}' } });
    expect(json.status).toBe(415);
    const broken = await t.call('POST', path, {
      body: '--x\r\nContent-Disposition: form-data; name="workflow_request"\r\n\r\n{"input":{}}',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(broken.status).toBe(400);
    expect((await t.call('GET', '/v1/unstable/agent/tasks/unknown')).status).toBe(404);
  });
});

describe('agent status rate limit', async () => {
  let clock = Date.UTC(2026, 5, 1, 12, 0, 0);
  const limited = await startTestServer({ clock: () => clock });

  it('answers the 13th poll within a minute from one address with 429 and Retry-After', async () => {
    const data = new FormData();
    data.set('workflow_request', JSON.stringify({ input: { text: 'x' } }));
    const { polling_url } = (
      await limited.call('POST', '/v1/unstable/agent/workflows/echo/trigger', { body: data })
    ).body;
    for (let i = 0; i < 12; i++) {
      clock += 1_000;
      expect((await limited.call('GET', polling_url)).status).toBe(200);
    }
    clock += 1_000;
    const refused = await limited.call('GET', polling_url);
    expect(refused.status).toBe(429);
    // The first poll was at +1 s and leaves the window at +61 s, 48 s after this one at +13 s.
    expect(refused.headers.get('retry-after')).toBe('48');
    clock += 48_000;
    expect((await limited.call('GET', polling_url)).status).toBe(200);
  });
});
