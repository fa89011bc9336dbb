import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A call the stand-in received. */
export interface GitHubCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | undefined;
}

interface Comment {
  id: number;
  body: string;
  user: { login: string; type: string };
  issue: number;
}

interface Pull {
  number: number;
  labels: string[];
  state: 'open' | 'closed';
  title: string;
  body: string;
  head: { ref: string; sha: string; repo: { full_name: string } | null };
  base: { ref: string; repo: { full_name: string } };
  files: Array<{ filename: string; status: string }>;
  merged_at: string | null;
  /** The commit that merged it. */
  merge_commit_sha: string | null;
}

/** A ref update of a push to origin, as its pre-receive hook tells it. */
export interface PushedRef {
  ref: string;
  old: string;
  new: string;
}

/** GitHub's REST API for the endpoints the Action calls, on a loopback port, recording calls. */
export interface FakeGitHub {
  url: string;
  calls: GitHubCall[];
  comments: Comment[];
  pulls: Pull[];
  /** Answers every write with GitHub's 403 for a read-only token (a fork's run). */
  readOnly: boolean;
  /** Requests (by method and path) that get no answer at all: the connection stays open. */
  hang: Array<{ method?: string; path: RegExp }>;
  /** Requests that get an error answer, `times` times (then are served as usual). */
  failures: Array<{
    method?: string;
    path: RegExp;
    status: number;
    times: number;
    headers?: Record<string, string>;
    message?: string;
  }>;
  /**
   * Told of each push of the bot's commits to origin, before origin takes it (with
   * `GitFixture.gatePushes`): the push waits for the answer, so a test can land a person's
   * push first (the bot's then loses the race) or refuse it (`'reject'`, as a protected
   * branch would). Undefined: every push is taken.
   */
  onBotPush:
    | ((updates: PushedRef[]) => Promise<'accept' | 'reject'> | 'accept' | 'reject')
    | undefined;
  /** The URL origin's pre-receive hook asks. */
  readonly pushGateUrl: string;
  addPull(pull: {
    number: number;
    headRef: string;
    headSha: string;
    headRepo?: string;
    baseRef?: string;
    /** The files it changes (`GET /pulls/N/files`). */
    files?: Array<{ filename: string; status: string }>;
    /** Merged by this commit (`GET /commits/SHA/pulls` lists it). */
    mergedBy?: string;
  }): void;
  addComment(issue: number, body: string, user?: { login: string; type: string }): Comment;
  close(): Promise<void>;
}

/** The workflow's own token in the tests (what `runBundle` passes by default). */
export const WORKFLOW_TOKEN = 'ghs_workflowTokenOfThisRun000000000000';

/**
 * Who a token acts as, as GitHub tells it: the workflow's token is `github-actions[bot]`,
 * another `ghs_` token is a GitHub App's installation (`transloom-app[bot]`), a `ghp_` one a
 * person's PAT (`loc-maintainer`).
 */
export function identityOf(authorization: string | undefined): {
  login: string;
  type: string;
  installation: boolean;
} {
  const token = (authorization ?? '').replace(/^(token|bearer)\s+/i, '');
  if (token === WORKFLOW_TOKEN)
    return { login: 'github-actions[bot]', type: 'Bot', installation: true };
  if (token.startsWith('ghs_'))
    return { login: 'transloom-app[bot]', type: 'Bot', installation: true };
  return { login: 'loc-maintainer', type: 'User', installation: false };
}

/** Starts the stand-in for repository `owner/repo`. */
export async function startFakeGitHub(repository = 'octo/site'): Promise<FakeGitHub> {
  let nextId = 1000;
  const state: FakeGitHub = {
    url: '',
    calls: [],
    comments: [],
    pulls: [],
    readOnly: false,
    hang: [],
    failures: [],
    onBotPush: undefined,
    get pushGateUrl() {
      return `${state.url}/_test/pre-receive`;
    },
    addPull(p) {
      state.pulls.push({
        number: p.number,
        labels: [],
        state: 'open',
        title: `PR ${p.number}`,
        body: '',
        head: { ref: p.headRef, sha: p.headSha, repo: { full_name: p.headRepo ?? repository } },
        base: { ref: p.baseRef ?? 'main', repo: { full_name: repository } },
        files: p.files ?? [],
        merged_at: p.mergedBy ? '2026-01-01T00:00:00Z' : null,
        merge_commit_sha: p.mergedBy ?? null,
      });
    },
    addComment(issue, body, user = { login: 'someone', type: 'User' }) {
      const comment = { id: nextId++, body, user, issue };
      state.comments.push(comment);
      return comment;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // Requests left hanging on purpose would hold the server open.
        server.closeAllConnections();
      }),
  };
  const commentJson = (c: Comment) => ({
    id: c.id,
    body: c.body,
    user: c.user,
    html_url: `https://github.com/${repository}/pull/${c.issue}#issuecomment-${c.id}`,
  });
  const pullJson = ({ files: _files, labels, ...p }: Pull) => ({
    ...p,
    labels: labels.map((name) => ({ name })),
    html_url: `https://github.com/${repository}/pull/${p.number}`,
  });
  const send = (res: ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? JSON.parse(raw) : undefined;
    // Origin's hook, not GitHub's API: not a call of the Action's.
    if (url.pathname === '/_test/pre-receive' && req.method === 'POST') {
      const verdict = (await state.onBotPush?.(body.updates as PushedRef[])) ?? 'accept';
      return verdict === 'accept'
        ? send(res, 200, {})
        : send(res, 403, { message: 'protected branch: the push was refused' });
    }
    state.calls.push({
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      authorization: req.headers.authorization,
    });
    const matches = (rule: { method?: string; path: RegExp }) =>
      (!rule.method || rule.method === req.method) && rule.path.test(url.pathname);
    if (state.hang.some(matches)) return;
    const failure = state.failures.find((f) => f.times > 0 && matches(f));
    if (failure) {
      failure.times--;
      res.writeHead(failure.status, {
        'content-type': 'application/json; charset=utf-8',
        ...failure.headers,
      });
      return res.end(JSON.stringify({ message: failure.message ?? `Failure ${failure.status}` }));
    }
    const who = identityOf(req.headers.authorization);
    if (url.pathname === '/user' && req.method === 'GET')
      return who.installation
        ? send(res, 403, { message: 'Resource not accessible by integration' })
        : send(res, 200, { login: who.login, type: who.type });
    if (url.pathname === '/graphql' && req.method === 'POST') {
      if (!/viewer\s*\{\s*login\s*\}/.test(String(body?.query)))
        return send(res, 400, { message: 'unknown query' });
      return send(res, 200, { data: { viewer: { login: who.login } } });
    }
    const prefix = `/repos/${repository}`;
    if (!url.pathname.startsWith(prefix)) return send(res, 404, { message: 'Not Found' });
    const path = url.pathname.slice(prefix.length);
    if (req.method !== 'GET' && state.readOnly)
      return send(res, 403, { message: 'Resource not accessible by integration' });
    let m = /^\/issues\/(\d+)\/comments$/.exec(path);
    if (m && req.method === 'GET') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Number(url.searchParams.get('per_page') ?? 30);
      const all = state.comments.filter((c) => c.issue === Number(m![1]));
      return send(res, 200, all.slice((page - 1) * perPage, page * perPage).map(commentJson));
    }
    if (m && req.method === 'POST') {
      const user = { login: who.login, type: who.type };
      const comment = { id: nextId++, body: String(body.body), user, issue: Number(m[1]) };
      state.comments.push(comment);
      return send(res, 201, commentJson(comment));
    }
    m = /^\/issues\/comments\/(\d+)$/.exec(path);
    if (m && req.method === 'PATCH') {
      const comment = state.comments.find((c) => c.id === Number(m![1]));
      if (!comment) return send(res, 404, { message: 'Not Found' });
      if (comment.user.login !== who.login)
        return send(res, 403, { message: 'Resource not accessible by integration' });
      comment.body = String(body.body);
      return send(res, 200, commentJson(comment));
    }
    if (path === '/pulls' && req.method === 'GET') {
      const head = url.searchParams.get('head');
      const base = url.searchParams.get('base');
      const wanted = url.searchParams.get('state') ?? 'open';
      return send(
        res,
        200,
        state.pulls
          .filter((p) => wanted === 'all' || p.state === wanted)
          .filter((p) => !head || `${repository.split('/')[0]}:${p.head.ref}` === head)
          .filter((p) => !base || p.base.ref === base)
          .map(pullJson),
      );
    }
    if (path === '/pulls' && req.method === 'POST') {
      if (state.pulls.some((p) => p.state === 'open' && p.head.ref === body.head))
        return send(res, 422, { message: 'Validation Failed: a pull request already exists' });
      const pull: Pull = {
        // Numbers of their own, apart from those tests give with addPull (below 1000).
        number: 1000 + state.pulls.filter((p) => p.number >= 1000).length + 1,
        labels: [],
        state: 'open',
        title: body.title,
        body: body.body,
        head: { ref: body.head, sha: '', repo: { full_name: repository } },
        base: { ref: body.base, repo: { full_name: repository } },
        files: [],
        merged_at: null,
        merge_commit_sha: null,
      };
      state.pulls.push(pull);
      return send(res, 201, pullJson(pull));
    }
    m = /^\/issues\/(\d+)\/labels$/.exec(path);
    if (m && req.method === 'POST') {
      const pull = state.pulls.find((p) => p.number === Number(m![1]));
      if (!pull) return send(res, 404, { message: 'Not Found' });
      for (const label of body.labels as string[])
        if (!pull.labels.includes(label)) pull.labels.push(label);
      return send(
        res,
        200,
        pull.labels.map((name) => ({ name })),
      );
    }
    m = /^\/commits\/([0-9a-f]+)\/pulls$/.exec(path);
    if (m && req.method === 'GET')
      return send(
        res,
        200,
        state.pulls
          .filter((p) => p.merge_commit_sha === m![1] || p.head.sha === m![1])
          .map(pullJson),
      );
    m = /^\/pulls\/(\d+)\/files$/.exec(path);
    if (m && req.method === 'GET') {
      const pull = state.pulls.find((p) => p.number === Number(m![1]));
      if (!pull) return send(res, 404, { message: 'Not Found' });
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Number(url.searchParams.get('per_page') ?? 30);
      return send(res, 200, pull.files.slice((page - 1) * perPage, page * perPage));
    }
    m = /^\/pulls\/(\d+)$/.exec(path);
    if (m && req.method === 'GET') {
      const pull = state.pulls.find((p) => p.number === Number(m![1]));
      return pull ? send(res, 200, pullJson(pull)) : send(res, 404, { message: 'Not Found' });
    }
    return send(res, 404, { message: 'Not Found' });
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((error) => send(res, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
