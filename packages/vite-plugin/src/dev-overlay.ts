import { readFileSync } from 'node:fs';
import type { Problem } from '@transloom/core';
import type { ErrorPayload, ViteDevServer } from 'vite';
import { codeFrame } from './code-frame.js';
import { RESOLVED_EVENT } from './update-events.js';

/** The plugin's standing problem in Vite's error overlay. */
export interface DevOverlay {
  show(problem: Problem): void;
  clear(): void;
  current(): Problem | undefined;
}

/** A problem as Vite's overlay shows it: message, file and position, and a code frame. */
export function errorPayload(problem: Problem): ErrorPayload['err'] {
  let frame = '';
  if (problem.file && problem.line !== undefined) {
    try {
      frame = codeFrame(readFileSync(problem.file, 'utf8'), problem.line, problem.column ?? 1);
    } catch {
      frame = ''; // the file went away: the message still names it
    }
  }
  return {
    message: problem.message,
    stack: '',
    plugin: 'transloom',
    ...(problem.file ? { id: problem.file } : {}),
    ...(problem.file && problem.line !== undefined
      ? { loc: { file: problem.file, line: problem.line, column: problem.column ?? 1 } }
      : {}),
    ...(frame ? { frame } : {}),
  };
}

/**
 * Shows the plugin's problem in every open page's overlay, and again in each page that
 * connects while it stands (a page opened after a failed background run sees it too).
 */
export function createDevOverlay(server: ViteDevServer): DevOverlay {
  let problem: Problem | undefined;
  server.ws.on('connection', (socket: { send(data: string): void }) => {
    if (problem) socket.send(JSON.stringify({ type: 'error', err: errorPayload(problem) }));
  });
  return {
    show(next) {
      problem = next;
      server.ws.send({ type: 'error', err: errorPayload(next) });
    },
    clear() {
      if (!problem) return;
      problem = undefined;
      server.ws.send({ type: 'custom', event: RESOLVED_EVENT, data: {} });
    },
    current: () => problem,
  };
}
