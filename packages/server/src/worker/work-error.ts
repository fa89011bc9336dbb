import { TransloomError, type TransloomErrorKind } from '@transloom/client/errors';

/** A coded error a work thread threw, rebuilt in the main thread with its code, kind and name. */
export class WorkError extends TransloomError {
  override readonly name: string;

  constructor(name: string, code: string, kind: TransloomErrorKind, message: string) {
    super(code, message, { kind });
    this.name = name;
  }
}
