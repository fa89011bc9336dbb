import { TransloomError } from '@transloom/client/errors';

/** One problem of a configuration: where it is and what is wrong. */
export interface ConfigIssue {
  /** Key path, e.g. `files[1].target`. */
  path: string;
  message: string;
}

/** A configuration that cannot be used; every issue names its key. */
export class ConfigError extends TransloomError {
  override readonly name = 'ConfigError';
  readonly issues: readonly ConfigIssue[];
  readonly file: string | undefined;

  constructor(issues: readonly ConfigIssue[], file?: string) {
    super(
      'TRANSLOOM_CONFIG',
      `${file ? `${file}: ` : ''}invalid configuration:\n${issues.map((i) => `  ${i.path || '(root)'}: ${i.message}`).join('\n')}`,
      { kind: 'user' },
    );
    this.issues = issues;
    this.file = file;
  }
}
