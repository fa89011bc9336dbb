import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { startEventLoopProbe, threadCpuNs } from './event-loop-probe.js';

// The load tests rely on this probe telling the thread's own blocking from waiting.
describe('the event-loop probe', () => {
  it('sees the thread holding its event loop, in CPU time', async () => {
    const probe = startEventLoopProbe();
    await sleep(20);
    // 150 ms of this thread's own CPU, however long other processes keep it waiting.
    const start = threadCpuNs();
    const until = performance.now() + 150;
    let spins = 0;
    while (start === null ? performance.now() < until : threadCpuNs()! - start < 150e6) spins++;
    await sleep(20);
    const report = probe.stop();
    expect(spins).toBeGreaterThan(0);
    expect(report.cpuTime).toBe(process.platform === 'linux');
    expect(report.longestBlockMs).toBeGreaterThanOrEqual(100);
    expect(report.longestGapMs).toBeGreaterThanOrEqual(report.cpuTime ? 100 : 150);
  });

  it('does not count time the thread spends waiting', async () => {
    const probe = startEventLoopProbe();
    await sleep(200);
    const report = probe.stop();
    expect(report.ticks).toBeGreaterThan(1);
    if (report.cpuTime) expect(report.longestBlockMs).toBeLessThan(100);
  });
});
