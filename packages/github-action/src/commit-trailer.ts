/** The trailer every commit of the Action carries: how a later run knows it made the commit. */
export const COMMIT_TRAILER = 'Translated-by: Transloom GitHub Action';

/** The commit message with the Action's trailer. */
export function commitMessageWithTrailer(message: string): string {
  return `${message.trimEnd()}\n\n${COMMIT_TRAILER}\n`;
}

/**
 * Whether a commit is the Action's own: it carries the trailer and is authored by the bot
 * identity (a squash merge keeps the trailer in its message, but a person authored it).
 */
export function isOwnCommit(
  commit: { message: string; authorEmail: string },
  botEmail: string,
): boolean {
  const trailer = commit.message.split(/\r?\n/).some((line) => line.trim() === COMMIT_TRAILER);
  return trailer && commit.authorEmail.toLowerCase() === botEmail.toLowerCase();
}
