/**
 * Milliseconds a request may go without an answer when neither the configuration
 * (`requestTimeout`) nor the host says: long enough for the biggest request the limits allow.
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
