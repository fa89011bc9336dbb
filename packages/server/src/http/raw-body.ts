/**
 * A body too big to parse on the event loop, kept as received (in pieces of their own, see
 * readBody): only routes whose bodies may be that big (the glossary ones) accept it, and hand
 * it to a worker to parse.
 */
export class RawBody {
  constructor(
    readonly pieces: readonly Buffer[],
    readonly type: 'json' | 'form',
  ) {}
}
