// Loaded with `node --import` into a measured process: at exit it writes the process's own
// resource usage (CPU time, peak RSS) to the file named by TRANSLOOM_BENCH_RUSAGE.
import { writeFileSync } from 'node:fs';

const out = process.env.TRANSLOOM_BENCH_RUSAGE;
if (out) process.on('exit', () => writeFileSync(out, JSON.stringify(process.resourceUsage())));
