/** The part of the WebSocket API voice streams use: met by browsers' WebSocket and by `ws`. */
export interface WebSocketLike {
  binaryType: string;
  readonly readyState: number;
  send(data: string | Uint8Array): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: string, listener: (event: any) => void): void;
  removeEventListener(type: string, listener: (event: any) => void): void;
}

/** A WebSocket constructor. */
export type WebSocketFactory = new (url: string) => WebSocketLike;
