import { describe, expect, it } from 'vitest';
import { COMMENT_MARKER } from './comment-body.js';
import { readCommentTotals, totalsCarried, totalsLine, totalsWithRun } from './comment-totals.js';

const body = (line: string) => `${COMMENT_MARKER}\n${line}\n### Transloom\n\nDone.\n`;

describe('the totals a sticky comment carries', () => {
  it('adds each run to what the comment carried', () => {
    const first = totalsWithRun(undefined, { requests: 3, billedCharacters: 120 });
    expect(first).toEqual({
      totals: { runs: 1, requests: 3, billedCharacters: 120 },
      complete: true,
    });
    const second = totalsWithRun(body(totalsLine(first.totals)), {
      requests: 2,
      billedCharacters: 30,
    });
    expect(second).toEqual({
      totals: { runs: 2, requests: 5, billedCharacters: 150 },
      complete: true,
    });
    // A check pays nothing and carries them over.
    expect(totalsCarried(body(totalsLine(second.totals)))).toEqual({
      totals: second.totals,
      complete: true,
    });
    expect(totalsCarried(undefined)).toBeUndefined();
  });

  it.each([
    ['no totals line (an older Action wrote it)', `${COMMENT_MARKER}\n### Transloom\n`],
    ['not JSON', body('<!-- transloom-action:totals {"v":1,"runs": -->')],
    [
      'another version',
      body('<!-- transloom-action:totals {"v":2,"runs":1,"requests":1,"billedCharacters":1} -->'),
    ],
    [
      'a negative count',
      body('<!-- transloom-action:totals {"v":1,"runs":1,"requests":-4,"billedCharacters":1} -->'),
    ],
    [
      'a count as text',
      body('<!-- transloom-action:totals {"v":1,"runs":1,"requests":"9","billedCharacters":1} -->'),
    ],
    [
      'a key of its own',
      body(
        '<!-- transloom-action:totals {"v":1,"runs":1,"requests":1,"billedCharacters":1,"x":1} -->',
      ),
    ],
    [
      "a line too long to be the Action's",
      body(
        `<!-- transloom-action:totals {"v":1,"runs":1,"requests":1,"billedCharacters":1${' '.repeat(400)}} -->`,
      ),
    ],
    [
      'the line inside another',
      `${COMMENT_MARKER}\ntext <!-- transloom-action:totals {"v":1,"runs":1,"requests":1,"billedCharacters":1} -->\n`,
    ],
  ])('reads none from a comment with %s, and counts from this run on', (_, previous) => {
    expect(readCommentTotals(previous)).toBeUndefined();
    expect(totalsWithRun(previous, { requests: 1, billedCharacters: 10 })).toEqual({
      totals: { runs: 1, requests: 1, billedCharacters: 10 },
      complete: false,
    });
  });
});
