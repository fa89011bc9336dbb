// `@transloom/core/extract`: keys used in source code (i18next `t()` calls, `<Trans>`) that the
// source catalogs lack. Loaded on demand: it brings a JavaScript/TypeScript lexer.
export { type ExtractResult, extractKeys, type FoundKey } from './extract/extract-keys.js';
