import type { RunEvent } from '@transloom/core';
import type { MultiBar, SingleBar } from 'cli-progress';
import type { CliIo } from './cli-io.js';

/** Shows a run's progress on stderr. */
export interface ProgressDisplay {
  onEvent(event: RunEvent): void;
  /** Ends the display (before the summary is printed). */
  stop(): void;
}

/** How progress is shown: bars on a terminal, plain lines in CI and logs, nothing when quiet. */
export type ProgressStyle = 'bars' | 'lines' | 'none';

/** The style for a stream and environment: bars only on a TTY outside CI. */
export function progressStyle(io: CliIo, quiet: boolean): ProgressStyle {
  if (quiet) return 'none';
  return io.stderr.isTTY && !io.env.CI ? 'bars' : 'lines';
}

function barsDisplay(
  { MultiBar, Presets }: typeof import('cli-progress'),
  io: CliIo,
  color: boolean,
  locales: readonly string[],
): ProgressDisplay {
  let multi: MultiBar | undefined;
  const width = Math.max(0, ...locales.map((l) => l.length));
  const bars = new Map<string, SingleBar>();
  return {
    onEvent(event) {
      if (event.type === 'planned') {
        // Locales are planned one after another: each gets its bar when it has texts to send.
        const sending = Object.entries(event.locales).filter(([, l]) => l.send > 0);
        if (sending.length === 0) return;
        multi ??= new MultiBar(
          {
            stream: io.stderr as NodeJS.WriteStream,
            format: `{locale} ${color ? '\u001b[36m{bar}\u001b[0m' : '{bar}'} {value}/{total} texts`,
            hideCursor: true,
            clearOnComplete: false,
            barsize: 30,
          },
          Presets.shades_classic,
        );
        for (const [locale, { send }] of sending)
          bars.set(locale, multi.create(send, 0, { locale: locale.padEnd(width) }));
      } else if (event.type === 'batch') {
        bars.get(event.locale)?.increment(event.texts);
      }
    },
    stop() {
      multi?.stop();
    },
  };
}

function linesDisplay(io: CliIo): ProgressDisplay {
  const totals = new Map<string, { done: number; total: number; step: number }>();
  return {
    onEvent(event) {
      if (event.type === 'planned') {
        for (const [locale, { send }] of Object.entries(event.locales)) {
          if (send > 0) {
            totals.set(locale, { done: 0, total: send, step: 0 });
            io.stderr.write(`transloom: ${locale}: ${send} texts to translate\n`);
          }
        }
      } else if (event.type === 'batch') {
        const t = totals.get(event.locale);
        if (!t) return;
        t.done += event.texts;
        // One line per quarter, so CI logs stay short.
        const step = Math.floor((4 * Math.min(t.done, t.total)) / t.total);
        if (step > t.step) {
          t.step = step;
          io.stderr.write(
            `transloom: ${event.locale}: ${Math.min(t.done, t.total)}/${t.total} texts\n`,
          );
        }
      } else if (event.type === 'glossary') {
        io.stderr.write(
          `transloom: glossary ${event.created ? 'created' : 'updated'} (${event.pushed.join(', ')})\n`,
        );
      }
    },
    stop() {},
  };
}

/** A progress display in `style`; the bars' library is loaded only for bars. */
export async function createProgressDisplay(
  io: CliIo,
  style: ProgressStyle,
  color: boolean,
  locales: readonly string[] = [],
): Promise<ProgressDisplay> {
  if (style === 'bars') {
    // The bundle hands this CommonJS module over as its default export.
    const loaded: Partial<typeof import('cli-progress')> & {
      default?: typeof import('cli-progress');
    } = await import('cli-progress');
    return barsDisplay(
      loaded.MultiBar ? (loaded as typeof import('cli-progress')) : loaded.default!,
      io,
      color,
      locales,
    );
  }
  if (style === 'lines') return linesDisplay(io);
  return { onEvent() {}, stop() {} };
}
