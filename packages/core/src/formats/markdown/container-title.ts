import type { Range } from './markdown-inline.js';

/** A label of container markup: a fence's title, a tab's `== Label`, a code block's `[label]`. */
export interface ContainerTitle extends Range {
  value: string;
  /** Written between `[` and `]`, where a `]` must be escaped. */
  bracket: boolean;
}
