import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** What a probe saw of the event loop of the thread it ran on. */
export interface EventLoopReport {
  /**
   * The longest the thread held its event loop, in CPU time: the CPU it spent between two
   * ticks of the probe's timer. Time the operating system gave to other processes is not in
   * it, so it measures what this thread's own work blocked, on a busy machine too.
   */
  longestBlockMs: number;
  /** Whether {@link longestBlockMs} is CPU time (Linux) or, failing that, wall-clock time. */
  cpuTime: boolean;
  /** The longest wall-clock gap between two ticks (includes waiting for a CPU). */
  longestGapMs: number;
  /** Event-loop delay percentiles from `monitorEventLoopDelay` (wall clock), in ms. */
  delayP99Ms: number;
  delayMaxMs: number;
  ticks: number;
}

/** The calling thread's time on a CPU, in ns (Linux schedstat); null where it cannot be read. */
export function threadCpuNs(): number | null {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
  } catch {
    return null;
  }
}

/**
 * Watches the event loop of the calling thread (the one a test runs the service on) until
 * `stop()`: a timer ticks every `intervalMs`, and each tick records how much CPU the thread
 * used since the last one and how late the tick came.
 */
export function startEventLoopProbe(intervalMs = 5): { stop(): EventLoopReport } {
  const cpuTime = threadCpuNs() !== null;
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  let lastWall = performance.now();
  let lastCpu = threadCpuNs() ?? 0;
  let longestBlock = 0;
  let longestGap = 0;
  let ticks = 0;
  const tick = () => {
    const wall = performance.now();
    const gap = wall - lastWall;
    const cpu = cpuTime ? threadCpuNs()! : 0;
    const block = cpuTime ? (cpu - lastCpu) / 1e6 : gap;
    longestGap = Math.max(longestGap, gap);
    longestBlock = Math.max(longestBlock, block);
    lastWall = wall;
    lastCpu = cpu;
    ticks++;
  };
  const timer = setInterval(tick, intervalMs);
  return {
    stop() {
      tick();
      clearInterval(timer);
      histogram.disable();
      return {
        longestBlockMs: Math.round(longestBlock * 10) / 10,
        cpuTime,
        longestGapMs: Math.round(longestGap * 10) / 10,
        delayP99Ms: Math.round(histogram.percentile(99) / 1e5) / 10,
        delayMaxMs: Math.round(histogram.max / 1e5) / 10,
        ticks,
      };
    },
  };
}
