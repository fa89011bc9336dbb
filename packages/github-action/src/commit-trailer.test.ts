import { expect, it } from 'vitest';
import { COMMIT_TRAILER, commitMessageWithTrailer, isOwnCommit } from './commit-trailer.js';

const BOT = '41898282+github-actions[bot]@users.noreply.github.com';

it("tells the Action's own commits from a person's", () => {
  const message = commitMessageWithTrailer('Translate with Transloom');
  expect(message).toBe(`Translate with Transloom\n\n${COMMIT_TRAILER}\n`);
  expect(isOwnCommit({ message, authorEmail: BOT }, BOT)).toBe(true);
  // A squash merge keeps the trailer in its message, but a person authored it.
  expect(
    isOwnCommit({ message: `Feature (#4)\n\n* ${message}`, authorEmail: 'dev@example.com' }, BOT),
  ).toBe(false);
  // The bot's other commits (another action's) carry no trailer.
  expect(isOwnCommit({ message: 'Update lockfile', authorEmail: BOT }, BOT)).toBe(false);
  // The trailer quoted inside a line is not the trailer.
  expect(isOwnCommit({ message: `Mention "${COMMIT_TRAILER}" here`, authorEmail: BOT }, BOT)).toBe(
    false,
  );
});
