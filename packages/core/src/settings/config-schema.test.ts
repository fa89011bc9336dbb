import { expect, it } from 'vitest';
import { FORMAT_NAMES } from '../formats/registry.js';
import { fileEntrySchema } from './config-schema.js';

it('accepts as a file entry’s format exactly the registry’s formats', () => {
  const format = fileEntrySchema.shape.format;
  expect(Object.keys(format.def.innerType.def.entries)).toEqual(FORMAT_NAMES);
  for (const name of FORMAT_NAMES) expect(format.safeParse(name).success).toBe(true);
  expect(format.safeParse('yaml').success).toBe(false);
});
