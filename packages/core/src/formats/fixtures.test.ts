import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ConformanceCase, conformanceSuite } from '../test-support/conformance.js';
import { FORMAT_NAMES } from './registry.js';

const ROOT = fileURLToPath(new URL('../../../../fixtures/formats/', import.meta.url));

// Every fixture of the project, each with its pseudo-German golden file beside it.
const cases: ConformanceCase[] = FORMAT_NAMES.flatMap((format) =>
  readdirSync(join(ROOT, format))
    .filter((name) => !name.includes('.pseudo-de.'))
    .sort()
    .map((name) => ({
      name: `${format}/${name}`,
      path: name,
      format,
      content: readFileSync(join(ROOT, format, name)),
      golden: join(
        ROOT,
        format,
        `${name.slice(0, -extname(name).length)}.pseudo-de${extname(name)}`,
      ),
    })),
);

conformanceSuite('project fixtures', cases);
