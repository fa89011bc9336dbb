/**
 * A body too big to parse on the event loop, kept as received: only routes whose bodies may be
 * that big (the glossary ones) accept it, and hand it to a worker to parse.
 */
export class RawBody {
  constructor(
    readonly bytes: Buffer,
    readonly type: 'json' | 'form',
  ) {}
}
