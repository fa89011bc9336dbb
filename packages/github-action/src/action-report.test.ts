import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_REPORT_BYTES, readActionReport } from './action-report.js';

describe('readActionReport', () => {
  it('caps what it reads, not what the file claims: a /proc file says 0 bytes', async () => {
    // /proc/kallsyms is megabytes long and its size reads 0.
    expect(statSync('/proc/kallsyms').size).toBe(0);
    const error = await readActionReport('/proc/kallsyms', ['/proc']).catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      `report /proc/kallsyms is larger than ${MAX_REPORT_BYTES} bytes; at most ${MAX_REPORT_BYTES} are read`,
    );
  });

  it('reads nothing outside its roots', async () => {
    const error = await readActionReport('/proc/self/environ', ['/tmp']).catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      'report /proc/self/environ is not inside the workspace or RUNNER_TEMP; the Action reads a report only from there',
    );
  });
});
