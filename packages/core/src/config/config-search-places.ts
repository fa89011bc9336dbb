// Apart from the loader, so hosts can name the files without loading cosmiconfig.
/** Where configuration is looked for, in order, in each directory from the working directory up. */
export const CONFIG_SEARCH_PLACES = [
  'transloom.config.ts',
  'transloom.config.mts',
  'transloom.config.js',
  'transloom.config.mjs',
  'transloom.config.cjs',
  'transloom.config.json',
  '.transloomrc',
  '.transloomrc.json',
  '.transloomrc.yaml',
  '.transloomrc.yml',
  '.transloomrc.js',
  '.transloomrc.mjs',
  '.transloomrc.cjs',
  '.transloomrc.ts',
  'package.json',
];
