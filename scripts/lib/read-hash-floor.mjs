// The floor of a no-op run, as a process: read and SHA-256-hash every file listed (one path
// per line in the file given as the first argument), and nothing else.
import { readFile } from 'node:fs/promises';
import { hashFile } from './hash-file.mjs';

const paths = (await readFile(process.argv[2], 'utf8')).split('\n').filter(Boolean);
await Promise.all(paths.map(hashFile));
