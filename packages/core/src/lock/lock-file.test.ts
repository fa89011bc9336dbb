import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  emptyLock,
  formatLock,
  LockError,
  lockedFile,
  packedLockedFile,
  parseLock,
  readLock,
  writeLock,
} from './lock-file.js';

const LOCK = `# transloom.lock: written by Transloom. Commit it; do not edit it by hand.
glossary 0f1e2d de=1111111111111111 ja=2222222222222222
file "docs/intro.md" aaaaaaaaaaaaaaaa
  target de bbbbbbbbbbbbbbbb cccccccccccccccc
  unit "heading:1" 0123456789abcdef de=cccccccccccccccc:dddddddddddddddd
  unit "paragraph:2" 1123456789abcdef de=cccccccccccccccc:eeeeeeeeeeeeeeee:h1123456789abcdef ja=0:ffffffffffffffff
file "locales/en/common.json" 9999999999999999
  unit "a \\"quoted\\" id" 2223456789abcdef
`;

describe('the lock', () => {
  it('reads every line and writes the same text back', () => {
    const lock = parseLock(LOCK);
    expect(lock.glossary).toEqual({
      id: '0f1e2d',
      dictionaries: new Map([
        ['de', '1111111111111111'],
        ['ja', '2222222222222222'],
      ]),
    });
    const intro = lock.files.get('docs/intro.md')!;
    expect(intro.source).toBe('aaaaaaaaaaaaaaaa');
    expect(intro.targets.get('de')).toEqual({
      file: 'bbbbbbbbbbbbbbbb',
      settings: 'cccccccccccccccc',
    });
    const paragraph = intro.units().get('paragraph:2')!;
    expect(paragraph.locales.get('de')).toEqual({
      settings: 'cccccccccccccccc',
      written: 'eeeeeeeeeeeeeeee',
      human: true,
      reviewedSource: '1123456789abcdef',
    });
    expect(paragraph.locales.get('ja')).toEqual({
      settings: '0',
      written: 'ffffffffffffffff',
      human: false,
    });
    expect([...lock.files.get('locales/en/common.json')!.units().keys()]).toEqual([
      'a "quoted" id',
    ]);
    expect(formatLock(lock)).toBe(LOCK);
  });

  it('holds a file as its unit lines and reads them back as the same records', () => {
    const lock = parseLock(LOCK);
    const intro = lock.files.get('docs/intro.md')!;
    const units = intro.units();
    const packed = packedLockedFile(lockedFile(intro.source, intro.targets, units));
    expect(packed.unitCount()).toBe(2);
    expect(packed.hasStaleEdits()).toBe(false);
    lock.files.set('docs/intro.md', packed);
    expect(formatLock(lock)).toBe(LOCK);
    expect(packed.units()).toEqual(units);
  });

  it('leaves the unit lines of a file nobody looked at as they were, and counts them without reading them', () => {
    const lock = parseLock(LOCK);
    const intro = lock.files.get('docs/intro.md')!;
    expect(intro.unitCount()).toBe(2);
    // Formatting without reading them copies the lines; reading them writes the same lines sorted.
    expect(formatLock(lock)).toBe(LOCK);
    // Lines in another order show that they were copied, not parsed and written again.
    const unsorted = LOCK.replace(/( {2}unit "heading:1".*\n)( {2}unit "paragraph:2".*\n)/, '$2$1');
    expect(unsorted).not.toBe(LOCK);
    const copied = parseLock(unsorted);
    expect(formatLock(copied)).toBe(unsorted);
    copied.files.get('docs/intro.md')!.units();
    expect(formatLock(copied)).toBe(LOCK);
    intro.units().delete('heading:1');
    expect(formatLock(lock)).not.toContain('heading:1');
    expect(intro.unitCount()).toBe(1);
  });

  it("tells whether a person's text was written for an older source", () => {
    const lock = parseLock(LOCK);
    expect(lock.files.get('docs/intro.md')!.hasStaleEdits()).toBe(false);
    const stale = parseLock(LOCK.replace(':h1123456789abcdef', ':h9999999999999999'));
    expect(stale.files.get('docs/intro.md')!.hasStaleEdits()).toBe(true);
    expect(stale.files.get('locales/en/common.json')!.hasStaleEdits()).toBe(false);
  });

  it('sorts files, targets, units and locales, so the same content gives the same bytes', () => {
    const lock = emptyLock();
    lock.files.set('b.json', lockedFile('2222222222222222'));
    const a = lockedFile(
      '1111111111111111',
      new Map([
        ['pl', { file: '3333333333333333', settings: '4444444444444444' }],
        ['de', { file: '5555555555555555', settings: '6666666666666666' }],
      ]),
    );
    a.units().set('z', {
      source: '7777777777777777',
      locales: new Map([
        ['pl', { settings: '8', written: '9', human: false }],
        ['de', { settings: 'a', written: 'b', human: false }],
      ]),
    });
    a.units().set('m', { source: '7777777777777777', locales: new Map() });
    lock.files.set('a.json', a);
    expect(formatLock(lock).split('\n').slice(1)).toEqual([
      'file "a.json" 1111111111111111',
      '  target de 5555555555555555 6666666666666666',
      '  target pl 3333333333333333 4444444444444444',
      '  unit "m" 7777777777777777',
      '  unit "z" 7777777777777777 de=a:b pl=8:9',
      'file "b.json" 2222222222222222',
      '',
    ]);
  });

  it('names the line of a line it cannot read', () => {
    expect(() => parseLock('file "a" 1\n  target de\n')).toThrow(
      new LockError("transloom.lock line 2: expected 'target <locale> <hash> <settings>'"),
    );
    expect(() => parseLock('nonsense\n')).toThrow(/line 1: cannot read 'nonsense'/);
    const lazy = parseLock('file "a" 1\n  unit "x" 2 de=zz\n');
    expect(() => lazy.files.get('a')!.units()).toThrow(/line 2: cannot read 'de=zz'/);
  });

  it('counts the lines of the unit blocks it skips when naming a line after them', () => {
    const text = [
      'file "a" 1',
      '  target de 2 3',
      '  unit "x" 2 de=1:2',
      '  unit "y" 2 de=1:2',
      '',
      '  unit "z" 2 de=1:2',
      'file "b" 1',
      '  unit "w" 2 de=1:2',
      '  unit "v" 2 de=zz',
      '  target de 2 3',
      '',
    ].join('\n');
    expect(() => parseLock(text)).toThrow(/line 10: a target line after unit lines/);
    const lock = parseLock(text.split('\n').slice(0, 9).join('\n'));
    expect(lock.files.get('a')!.unitCount()).toBe(3);
    expect(lock.files.get('b')!.unitCount()).toBe(2);
    expect([...lock.files.get('a')!.units().keys()]).toEqual(['x', 'y', 'z']);
    expect(() => lock.files.get('b')!.units()).toThrow(/line 9: cannot read 'de=zz'/);
  });

  describe('on disk', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'transloom-lock-'));
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('is empty when missing, and written only when its text changes', async () => {
      const path = join(dir, 'transloom.lock');
      const missing = await readLock(path);
      expect(missing.text).toBeUndefined();
      expect(missing.lock.files.size).toBe(0);
      const lock = parseLock(LOCK);
      expect(await writeLock(path, lock)).toBe(true);
      expect(await readFile(path, 'utf8')).toBe(LOCK);
      const before = (await stat(path)).mtimeMs;
      const again = await readLock(path);
      expect(await writeLock(path, again.lock, again.text)).toBe(false);
      expect((await stat(path)).mtimeMs).toBe(before);
    });

    it('compares unread unit lines with a text other than the one they were read from', async () => {
      const path = join(dir, 'other.lock');
      const lock = parseLock(LOCK);
      // The same length, a unit line's hash changed: only comparing the lines tells them apart.
      const other = LOCK.replace('0123456789abcdef', 'fedcba9876543210');
      expect(await writeLock(path, lock, other)).toBe(true);
      expect(await readFile(path, 'utf8')).toBe(LOCK);
      expect(await writeLock(path, lock, `${LOCK}`)).toBe(false);
    });

    it('reads a path that is not ASCII as written', async () => {
      const path = join(dir, 'utf8.lock');
      const text = LOCK.replace('docs/intro.md', 'docs/über-日本.md');
      await writeFile(path, text);
      const read = await readLock(path);
      expect(read.text).toBe(text);
      expect([...read.lock.files.keys()]).toContain('docs/über-日本.md');
      expect(await writeLock(path, read.lock, read.text)).toBe(false);
    });

    it('writes a lock that reads the same but is not in its own form again, sorted', async () => {
      const path = join(dir, 'merged.lock');
      // As a merge in git may leave it: files out of order, a blank line, no final newline.
      const [header, ...rest] = LOCK.trimEnd().split('\nfile ');
      const merged = `${header}\n\nfile ${rest.reverse().join('\nfile ')}`;
      await writeFile(path, merged);
      const read = await readLock(path);
      expect(read.text).toBe(merged);
      expect(await writeLock(path, read.lock, read.text)).toBe(true);
      expect(await readFile(path, 'utf8')).toBe(LOCK);
      const again = await readLock(path);
      expect(await writeLock(path, again.lock, again.text)).toBe(false);
    });

    it("takes a file's lines as they were only when they are in the lock's own form", async () => {
      const formed = [
        '# transloom.lock: written by Transloom. Commit it; do not edit it by hand.',
        'file "a.md" aaaaaaaaaaaaaaaa',
        '  target de 1111111111111111 2222222222222222',
        '  target ja 3333333333333333 4444444444444444',
        '  unit "x" 5555555555555555 de=2222222222222222:6666666666666666',
        'file "b.md" bbbbbbbbbbbbbbbb',
        '  target de 1111111111111111 2222222222222222',
        '',
      ].join('\n');
      const path = join(dir, 'form.lock');
      await writeFile(path, formed);
      const read = await readLock(path);
      expect(await writeLock(path, read.lock, read.text)).toBe(false);
      // Each reads as the same lock, in another form: written again, in the lock's own.
      const variants = {
        'targets out of order': formed.replace(/( {2}target de .*\n)( {2}target ja .*\n)/, '$2$1'),
        'a space after the hash': formed.replace(
          '"b.md" bbbbbbbbbbbbbbbb',
          '"b.md" bbbbbbbbbbbbbbbb ',
        ),
        'a CRLF file line': formed.replace(
          '"a.md" aaaaaaaaaaaaaaaa\n',
          '"a.md" aaaaaaaaaaaaaaaa\r\n',
        ),
        'a comment among the lines': formed.replace('file "b.md"', '# note\nfile "b.md"'),
        'an escaped path': formed.replace('"a.md"', '"\\u0061.md"'),
        'a field after the settings': formed.replace(
          '4444444444444444\n',
          '4444444444444444 more\n',
        ),
        'a target line twice': `${formed}  target de 1111111111111111 2222222222222222\n`,
        'no final newline': formed.trimEnd(),
      };
      for (const [name, text] of Object.entries(variants)) {
        await writeFile(path, text);
        // Its units read too (a comment after unit lines is not one of them).
        expect(parseLock(text).files.get('a.md')!.units().size, name).toBe(1);
        const variant = await readLock(path);
        expect(await writeLock(path, variant.lock, variant.text), name).toBe(true);
        expect(await readFile(path, 'utf8'), name).toBe(formed);
      }
      for (const broken of [
        '  target de 1111111111111111',
        '  target  de 1111 2222',
        '  target de',
      ])
        expect(() => parseLock(formed.replace(/ {2}target de .*/, broken)), broken).toThrow(
          /line 3: expected 'target <locale> <hash> <settings>'/,
        );
      // A file changed since it was read is written from its record, the others as they were.
      const changed = await readLock(path);
      changed.lock.files.set(
        'b.md',
        lockedFile(
          'cccccccccccccccc',
          new Map([['de', { file: '1111111111111111', settings: '2222222222222222' }]]),
        ),
      );
      expect(await writeLock(path, changed.lock, changed.text)).toBe(true);
      expect(await readFile(path, 'utf8')).toBe(
        formed.replace('"b.md" bbbbbbbbbbbbbbbb', '"b.md" cccccccccccccccc'),
      );
    });

    it('names the file of a lock it cannot read', async () => {
      const { writeFile } = await import('node:fs/promises');
      const path = join(dir, 'broken.lock');
      await writeFile(path, 'garbage\n');
      await expect(readLock(path)).rejects.toThrow(`${path} line 1`);
    });
  });
});
