/**
 * A Redis URL as it may be printed: the password (and a user name given with it) replaced by
 * `***`. A string that is not a URL is printed as `(a Redis URL)`, since it may hold anything.
 */
export function maskRedisUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '(a Redis URL)';
  }
  if (parsed.password) parsed.password = '***';
  else if (parsed.username) parsed.username = '***';
  return parsed.toString();
}

/** The secrets of a Redis URL, longest first: its whole text and its password (as written and decoded). */
function secretsOf(url: string): string[] {
  const secrets = [url];
  try {
    const parsed = new URL(url);
    // A user name alone may be the token (some hosted services); beside a password it is not secret.
    const part = parsed.password || parsed.username;
    if (part) secrets.push(part, decodeURIComponent(part));
  } catch {}
  return [...new Set(secrets.filter((s) => s.length >= 3))].sort((a, b) => b.length - a.length);
}

/**
 * `text` (an error message, a log line) with every appearance of the URL replaced by its
 * masked form, and of its password by `***`: a message from the Redis client never carries them.
 */
export function hideRedisSecrets(text: string, url: string): string {
  let out = text;
  for (const secret of secretsOf(url))
    out = out.split(secret).join(secret === url ? maskRedisUrl(url) : '***');
  return out;
}
