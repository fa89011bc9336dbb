import type { EventEmitter } from 'node:events';

declare module 'i18next-parser' {
  /** The key parser the package exports at runtime; its own typings leave it out. */
  export class parser extends EventEmitter {
    constructor(options?: Record<string, unknown>);
    /** Keys found in `content`; the lexer is chosen by the extension of `filename`. */
    parse(content: string, filename: string): Array<Record<string, unknown>>;
  }
}
