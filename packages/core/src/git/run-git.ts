import { spawn } from 'node:child_process';

/** What a git command gave: its standard output (unless read line by line) and exit code. */
export interface GitResult {
  out: string;
  code: number | null;
}

/**
 * Runs git in `cwd`; undefined when git cannot be started. With `onLine`, its output is handed
 * over line by line and not kept (a long history's log is never held whole).
 */
export function runGit(
  cwd: string,
  args: readonly string[],
  onLine?: (line: string) => void,
): Promise<GitResult | undefined> {
  return new Promise((resolve) => {
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn('git', args, { cwd, stdio: ['ignore', 'pipe', 'ignore'] });
    } catch {
      resolve(undefined);
      return;
    }
    let out = '';
    let rest = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      if (!onLine) {
        out += chunk;
        return;
      }
      const lines = (rest + chunk).split('\n');
      rest = lines.pop()!;
      for (const line of lines) onLine(line);
    });
    child.on('error', () => resolve(undefined));
    child.on('close', (code) => {
      if (onLine && rest) onLine(rest);
      resolve({ out, code });
    });
  });
}

/** The repository's top folder and whether it is a shallow clone; undefined outside one. */
export async function gitRepository(
  cwd: string,
): Promise<{ top: string; shallow: boolean } | undefined> {
  const probe = await runGit(cwd, ['rev-parse', '--show-toplevel', '--is-shallow-repository']);
  if (probe?.code !== 0) return undefined;
  const [top, shallow] = probe.out.trim().split('\n');
  return { top: top!, shallow: shallow === 'true' };
}
