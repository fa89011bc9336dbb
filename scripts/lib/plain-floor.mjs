// The plain floor of a no-op run: the `node -e` script of a process that reads
// (readFileSync) and SHA-256-hashes each listed file, one after another, and does nothing else.

/** The `node -e` source that reads and hashes every path listed in `listFile`, one a line. */
export const plainFloorScript = (listFile) =>
  `const fs=require('node:fs'),c=require('node:crypto');for(const p of fs.readFileSync(${JSON.stringify(listFile)},'utf8').split('\\n'))if(p)c.createHash('sha256').update(fs.readFileSync(p)).digest('hex');`;
