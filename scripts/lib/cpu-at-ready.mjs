// Preloaded into a `vite` dev process by bench-vite: when Vite prints its ready line, the CPU
// time the process has spent so far goes to stderr (`transloom-bench cpu-at-ready MS`). Wall
// time to ready moves with whatever else runs on the machine; CPU time much less.
const write = process.stdout.write.bind(process.stdout);
let told = false;
process.stdout.write = (chunk, ...rest) => {
  if (!told && String(chunk).includes('ready in')) {
    told = true;
    const { user, system } = process.cpuUsage();
    process.stderr.write(`transloom-bench cpu-at-ready ${((user + system) / 1000).toFixed(1)}\n`);
  }
  return write(chunk, ...rest);
};
