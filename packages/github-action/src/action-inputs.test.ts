import { describe, expect, it } from 'vitest';
import { readActionInputs } from './action-inputs.js';

const read = (inputs: Record<string, string>) => readActionInputs((name) => inputs[name] ?? '');

describe('readActionInputs', () => {
  it('fills in the defaults', () => {
    expect(read({})).toMatchObject({
      mode: 'check',
      workingDirectory: '.',
      comment: true,
      failOn: 'missing',
      pullRequest: 'auto',
      dryRun: false,
      prune: false,
      commitAuthor: {
        name: 'github-actions[bot]',
        email: '41898282+github-actions[bot]@users.noreply.github.com',
      },
    });
  });

  it('reads lists, numbers, flags and the author', () => {
    expect(
      read({
        mode: 'translate',
        locales: 'de, pl\nja de',
        'max-characters': '5000',
        comment: 'false',
        'dry-run': 'true',
        'commit-author': 'Loc Bot <loc-bot@example.com>',
      }),
    ).toMatchObject({
      locales: ['de', 'pl', 'ja'],
      maxCharacters: 5000,
      comment: false,
      dryRun: true,
      commitAuthor: { name: 'Loc Bot', email: 'loc-bot@example.com' },
    });
  });

  it('reads a shard of a translate run', () => {
    expect(read({ mode: 'translate', shard: ' 2/4 ' }).shard).toEqual({ index: 2, count: 4 });
    expect(read({ mode: 'translate' }).shard).toBeUndefined();
  });

  it.each([
    [
      { mode: 'translate', shard: '5/4' },
      "input 'shard': a shard index must be a whole number from 1 to 4; got 5",
    ],
    [{ mode: 'translate', shard: 'first' }, "input 'shard': a shard is written i/n"],
    [{ shard: '1/2' }, "input 'shard' is for mode 'translate'"],
    [
      { mode: 'translate', shard: '1/2', 'dry-run': 'true' },
      "it cannot be combined with 'dry-run'",
    ],
    [{ mode: 'sync' }, "input 'mode' must be one of 'check', 'translate', 'comment'; got 'sync'"],
    [{ 'fail-on': 'always' }, "input 'fail-on' must be one of"],
    [{ 'max-characters': '1e6' }, "input 'max-characters' must be a whole number"],
    [{ 'max-characters': '-5' }, "input 'max-characters' must be a whole number"],
    [{ locales: 'de,english!' }, "input 'locales' holds 'english!'"],
    [{ comment: 'sometimes' }, "input 'comment' must be 'true' or 'false'"],
    [{ 'commit-author': 'bot' }, "input 'commit-author' must look like 'Name <email@example.com>'"],
    [{ 'api-url': 'ftp://x' }, "input 'api-url' must be an absolute http(s) URL"],
    [{ mode: 'comment' }, "mode 'comment' needs input 'report'"],
  ])('refuses %j naming the input and the rule', (inputs, message) => {
    expect(() => read(inputs)).toThrow(message);
  });
});
