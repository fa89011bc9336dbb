/**
 * Variables no child process of the Action gets: its inputs (the API key, the admin key and
 * the tokens are inputs), the runner's own tokens (`ACTIONS_RUNTIME_TOKEN`,
 * `ACTIONS_ID_TOKEN_REQUEST_TOKEN`, ...), the workflow token and service keys.
 */
const WITHHELD = /^(?:INPUT_|ACTIONS_)|^(?:GITHUB_TOKEN|TRANSLOOM_API_KEY|TRANSLOOM_ADMIN_KEY)$/i;

/** Whether a variable is withheld from the Action's child processes. */
export function isWithheld(name: string): boolean {
  return WITHHELD.test(name);
}

/** The environment for a child process: `env` without what {@link isWithheld} names. */
export function childEnvironment(
  env: Readonly<Record<string, string | undefined>> = process.env,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env))
    if (value !== undefined && !isWithheld(name)) out[name] = value;
  return out;
}
