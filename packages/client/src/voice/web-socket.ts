/** The part of the WebSocket API voice streams use: met by browsers' WebSocket and by `ws`. */
export interface WebSocketLike {
  binaryType: string;
  readonly readyState: number;
  send(data: string | Uint8Array): void;
  close(code?: number, reason?: string): void;
  // `never` accepts listeners of any event type: browsers and `ws` pass their own event objects.
  addEventListener(type: string, listener: (event: never) => void): void;
  removeEventListener(type: string, listener: (event: never) => void): void;
}

/** A WebSocket constructor. */
export type WebSocketFactory = new (url: string) => WebSocketLike;
