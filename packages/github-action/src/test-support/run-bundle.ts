import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { WORKFLOW_TOKEN } from './fake-github.js';
import { readableText } from './render-markdown.js';

/** The bundle the runner runs. */
export const BUNDLE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'index.js');
/** The package's action.yml. */
export const ACTION_YML = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'action.yml');

/** An annotation the Action wrote (`::error file=...::message`). */
export interface WrittenAnnotation {
  level: string;
  title: string | undefined;
  file: string | undefined;
  line: number | undefined;
  message: string;
}

/** What one run of the Action left behind. */
export interface ActionRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  /** The summary as people read it, rendered (see `readableText`). */
  summaryText: string;
  annotations: WrittenAnnotation[];
  /** Every byte the run printed or wrote where people read it. */
  everything: string;
}

/** Options of {@link runBundle}. */
export interface RunBundleOptions {
  workspace: string;
  /** A directory for the event, summary, output and temp files. */
  dir: string;
  event: { name: string; payload: Record<string, unknown> };
  repository?: string;
  inputs?: Record<string, string>;
  /** The workflow's token (the default of `github-token`). */
  token?: string;
  apiUrl?: string;
  env?: Record<string, string>;
  ref?: string;
  sha?: string;
  /** Called once the process runs (to signal it, or to push meanwhile). */
  onStart?: (child: import('node:child_process').ChildProcess) => void;
  entry?: string;
}

const unescapeCommand = (text: string) =>
  text
    .replace(/%0D/g, '\r')
    .replace(/%0A/g, '\n')
    .replace(/%3A/g, ':')
    .replace(/%2C/g, ',')
    .replace(/%25/g, '%');

/** Parses `name<<delimiter\nvalue\ndelimiter` blocks of `GITHUB_OUTPUT`. */
export function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const re = /^([^\n<]+)<<(\S+)\n([\s\S]*?)\n\2$/gm;
  for (const m of text.matchAll(re)) outputs[m[1]!] = m[3]!;
  return outputs;
}

/** The inputs the runner would set from action.yml's defaults, then `inputs` over them. */
export function inputEnv(inputs: Record<string, string>, token: string): Record<string, string> {
  const action = parse(readFileSync(ACTION_YML, 'utf8')) as {
    inputs: Record<string, { default?: string }>;
  };
  const env: Record<string, string> = {};
  for (const [name, spec] of Object.entries(action.inputs)) {
    const value =
      inputs[name] ?? String(spec.default ?? '').replace(/\$\{\{ github\.token \}\}/, token);
    env[`INPUT_${name.toUpperCase()}`] = value;
  }
  for (const name of Object.keys(inputs))
    if (!(name in action.inputs)) throw new Error(`unknown input ${name}`);
  return env;
}

/** Runs the bundled Action in a child process with the environment the runner sets. */
export function runBundle(options: RunBundleOptions): Promise<ActionRun> {
  mkdirSync(options.dir, { recursive: true });
  const eventPath = join(options.dir, 'event.json');
  const summaryPath = join(options.dir, 'summary.md');
  const outputPath = join(options.dir, 'output.txt');
  const temp = join(options.dir, 'temp');
  mkdirSync(temp, { recursive: true });
  writeFileSync(eventPath, JSON.stringify(options.event.payload));
  writeFileSync(summaryPath, '');
  writeFileSync(outputPath, '');
  const token = options.token ?? WORKFLOW_TOKEN;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: options.dir,
    GIT_CONFIG_NOSYSTEM: '1',
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: options.event.name,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: options.repository ?? 'octo/site',
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_STEP_SUMMARY: summaryPath,
    GITHUB_OUTPUT: outputPath,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: '4242',
    GITHUB_RUN_ATTEMPT: '1',
    RUNNER_TEMP: temp,
    ...(options.apiUrl ? { GITHUB_API_URL: options.apiUrl } : {}),
    ...(options.ref ? { GITHUB_REF: options.ref } : {}),
    ...(options.sha ? { GITHUB_SHA: options.sha } : {}),
    ...inputEnv(options.inputs ?? {}, token),
    ...options.env,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [options.entry ?? BUNDLE], {
      cwd: options.workspace,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    options.onStart?.(child);
    child.on('close', (code, signal) => {
      const summary = readFileSync(summaryPath, 'utf8');
      const outputText = readFileSync(outputPath, 'utf8');
      const annotations: WrittenAnnotation[] = [];
      for (const m of stdout.matchAll(/^::(error|warning|notice)(?: ([^:]*))?::(.*)$/gm)) {
        const props = Object.fromEntries(
          (m[2] ?? '')
            .split(',')
            .filter(Boolean)
            .map((p) => {
              const i = p.indexOf('=');
              return [p.slice(0, i), unescapeCommand(p.slice(i + 1))];
            }),
        );
        annotations.push({
          level: m[1]!,
          title: props.title,
          file: props.file,
          line: props.line ? Number(props.line) : undefined,
          message: unescapeCommand(m[3]!),
        });
      }
      let report = '';
      try {
        report = readFileSync(join(temp, 'transloom', 'report.json'), 'utf8');
      } catch {}
      resolve({
        code,
        signal,
        stdout,
        stderr,
        outputs: parseOutputs(outputText),
        summary,
        summaryText: readableText(summary),
        annotations,
        everything: [stdout, stderr, summary, outputText, report].join('\n'),
      });
    });
  });
}
