/**
 * What is wrong with `ms` as a request timeout, by the configuration's own rule for
 * `requestTimeout` (whole milliseconds, 100 to 3 600 000), or undefined when it is allowed;
 * for a host's flag or input that sets it. The validator is loaded here, on demand.
 */
export async function requestTimeoutIssue(ms: number): Promise<string | undefined> {
  const { configSchema } = await import('../settings/config-schema.js');
  const checked = configSchema.shape.requestTimeout.safeParse(ms);
  if (checked.success && checked.data !== undefined) return undefined;
  return checked.error?.issues[0]?.message ?? 'not allowed';
}
