import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  emptyLock,
  formatLock,
  LOCK_HEADER,
  LockError,
  lockedFile,
  packedLockedFile,
  parseLock,
  readLock,
  writeLock,
} from './lock-file.js';

const LOCK = `${LOCK_HEADER}
glossary 0f1e2d de=1111111111111111 ja=2222222222222222
file "docs/intro.md" aaaaaaaaaaaaaaaa de=bbbbbbbbbbbbbbbb:cccccccccccccccc
unit "docs/intro.md" "heading:1" 0123456789abcdef de=cccccccccccccccc:dddddddddddddddd
unit "docs/intro.md" "paragraph:2" 1123456789abcdef de=cccccccccccccccc:eeeeeeeeeeeeeeee:h1123456789abcdef ja=0:ffffffffffffffff
file "locales/en/common.json" 9999999999999999
unit "locales/en/common.json" "a \\"quoted\\" id" 2223456789abcdef
`;

describe('the lock', () => {
  it('reads every line and writes the same text back', () => {
    const lock = parseLock(LOCK);
    expect(lock.conflicted).toBeUndefined();
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

  it('names the file on every unit line, so each line stands on its own', () => {
    for (const line of LOCK.split('\n').filter((l) => l.startsWith('unit ')))
      expect(line).toMatch(/^unit "(docs\/intro\.md|locales\/en\/common\.json)" "/);
  });

  it('reads text whose writer no record tells, with the source it was found with', () => {
    const lock = parseLock(LOCK.replace('ja=0:ffffffffffffffff', 'ja=0:ffffffffffffffff:u1123'));
    const record = lock.files.get('docs/intro.md')!.units().get('paragraph:2')!.locales.get('ja');
    expect(record).toEqual({
      settings: '0',
      written: 'ffffffffffffffff',
      human: false,
      unknown: true,
      reviewedSource: '1123',
    });
    expect(formatLock(lock)).toContain('ja=0:ffffffffffffffff:u1123\n');
  });

  it('holds a file as its unit lines and reads them back as the same records', () => {
    const lock = parseLock(LOCK);
    const intro = lock.files.get('docs/intro.md')!;
    const units = intro.units();
    const packed = packedLockedFile(
      'docs/intro.md',
      lockedFile(intro.source, intro.targets, units),
    );
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
    expect(formatLock(lock)).toBe(LOCK);
    // Lines in another order show that they were copied, not parsed and written again.
    const unsorted = LOCK.replace(
      /(unit "docs\/intro.md" "heading:1".*\n)(unit .*paragraph.*\n)/,
      '$2$1',
    );
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

  it('sorts files, units and locales, so the same content gives the same bytes', () => {
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
      'file "a.json" 1111111111111111 de=5555555555555555:6666666666666666 pl=3333333333333333:4444444444444444',
      'unit "a.json" "m" 7777777777777777',
      'unit "a.json" "z" 7777777777777777 de=a:b pl=8:9',
      'file "b.json" 2222222222222222',
      '',
    ]);
  });

  it('names the line of a line it cannot read', () => {
    expect(() => parseLock('file "a" 1 de\n')).toThrow(
      new LockError(
        "transloom.lock line 1: expected '<locale>=<file-hash>:<settings-hash>', read 'de'",
      ),
    );
    expect(() => parseLock('nonsense\n')).toThrow(/line 1: cannot read 'nonsense'/);
    const lazy = parseLock('file "a" 1\nunit "a" "x" 2 de=zz\n');
    expect(() => lazy.files.get('a')!.units()).toThrow(/line 2: cannot read 'de=zz'/);
  });

  describe('after a merge', () => {
    const ours = LOCK.replace(
      'de=cccccccccccccccc:dddddddddddddddd',
      'de=cccccccccccccccc:1111111111111111',
    );
    const theirs = LOCK.replace(
      'de=cccccccccccccccc:dddddddddddddddd',
      'de=cccccccccccccccc:2222222222222222',
    );

    it("reads git's conflict markers as both sides' lines, every unit line kept", () => {
      const lines = (text: string) => text.split('\n');
      const line = lines(ours).findIndex((l) => l.includes('heading:1'));
      const conflicted = [
        ...lines(ours).slice(0, line),
        '<<<<<<< HEAD',
        lines(ours)[line],
        '||||||| base',
        lines(LOCK)[line],
        '=======',
        lines(theirs)[line],
        '>>>>>>> feature',
        ...lines(ours).slice(line + 1),
      ].join('\n');
      const lock = parseLock(conflicted);
      expect(lock.conflicted).toBe(true);
      const heading = lock.files.get('docs/intro.md')!.units().get('heading:1')!;
      const written = [heading, ...(heading.alternates ?? [])].map(
        (u) => u.locales.get('de')!.written,
      );
      expect(written.sort()).toEqual(['1111111111111111', '2222222222222222', 'dddddddddddddddd']);
      // Written again without the markers, one line per unit.
      const clean = formatLock(lock);
      expect(clean).not.toMatch(/<<<<<<<|=======|>>>>>>>/);
      expect(clean.match(/"heading:1"/g)).toHaveLength(1);
    });

    it('reads a union of both sides (merge=union) as every line of both', () => {
      // As git's union driver leaves a hunk both sides changed: ours, then theirs.
      const union = `${ours}${theirs
        .split('\n')
        .filter((l) => l.includes('heading:1'))
        .join('\n')}\n`;
      const lock = parseLock(union);
      const heading = lock.files.get('docs/intro.md')!.units().get('heading:1')!;
      expect(heading.locales.get('de')!.written).toBe('2222222222222222');
      expect(heading.alternates!.map((u) => u.locales.get('de')!.written)).toEqual([
        '1111111111111111',
      ]);
      expect(formatLock(lock).match(/"heading:1"/g)).toHaveLength(1);
    });

    it('takes a file with two different file lines as not known up to date', () => {
      const twice = `${LOCK}file "docs/intro.md" 0000000000000000 de=bbbbbbbbbbbbbbbb:cccccccccccccccc\n`;
      const lock = parseLock(twice);
      const intro = lock.files.get('docs/intro.md')!;
      expect(intro.source).toBe('');
      expect(intro.targets.size).toBe(0);
      expect(intro.units().size).toBe(2);
      // The same line twice says nothing new.
      const same = parseLock(`${LOCK}${LOCK.split('\n')[2]}\n`);
      expect(same.files.get('docs/intro.md')!.source).toBe('aaaaaaaaaaaaaaaa');
    });

    it('pushes every dictionary again when two glossary lines disagree', () => {
      const lock = parseLock(`${LOCK}glossary 0f1e2d de=3333333333333333\n`);
      expect(lock.glossary).toEqual({ id: '0f1e2d', dictionaries: new Map() });
    });
  });

  it("reads the lock's earlier form, and writes it in this one", () => {
    const old = [
      '# transloom.lock: written by Transloom. Commit it; do not edit it by hand.',
      'glossary 0f1e2d de=1111111111111111 ja=2222222222222222',
      'file "docs/intro.md" aaaaaaaaaaaaaaaa',
      '  target de bbbbbbbbbbbbbbbb cccccccccccccccc',
      '  unit "heading:1" 0123456789abcdef de=cccccccccccccccc:dddddddddddddddd',
      '  unit "paragraph:2" 1123456789abcdef de=cccccccccccccccc:eeeeeeeeeeeeeeee:h1123456789abcdef ja=0:ffffffffffffffff',
      'file "locales/en/common.json" 9999999999999999',
      '  unit "a \\"quoted\\" id" 2223456789abcdef',
      '',
    ].join('\n');
    const lock = parseLock(old);
    expect(lock.files.get('docs/intro.md')!.unitCount()).toBe(2);
    expect(formatLock(lock)).toBe(LOCK);
    expect(() =>
      parseLock(old.replace('  target de bbbbbbbbbbbbbbbb cccccccccccccccc', '  target de 1')),
    ).toThrow(/line 4: expected 'target <locale> <hash> <settings>'/);
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

    it('reads a journal over the lock, its lines newer than the lock', async () => {
      const path = join(dir, 'journal.lock');
      await writeFile(path, LOCK);
      const journal =
        'unit "docs/intro.md" "heading:1" 0123456789abcdef de=cccccccccccccccc:4444444444444444\n';
      const { lock, text } = await readLock(path, journal);
      expect(text).toBe(LOCK);
      const heading = lock.files.get('docs/intro.md')!.units().get('heading:1')!;
      expect(heading.locales.get('de')!.written).toBe('4444444444444444');
      expect(heading.alternates![0]!.locales.get('de')!.written).toBe('dddddddddddddddd');
      // A journal with no lock yet.
      const alone = await readLock(join(dir, 'none.lock'), journal);
      expect(alone.text).toBeUndefined();
      expect(alone.lock.files.get('docs/intro.md')!.units().size).toBe(1);
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
      const text = LOCK.replaceAll('docs/intro.md', 'docs/über-日本.md');
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
        LOCK_HEADER,
        'file "a.md" aaaaaaaaaaaaaaaa de=1111111111111111:2222222222222222 ja=3333333333333333:4444444444444444',
        'unit "a.md" "x" 5555555555555555 de=2222222222222222:6666666666666666',
        'file "b.md" bbbbbbbbbbbbbbbb de=1111111111111111:2222222222222222',
        '',
      ].join('\n');
      const path = join(dir, 'form.lock');
      await writeFile(path, formed);
      const read = await readLock(path);
      expect(await writeLock(path, read.lock, read.text)).toBe(false);
      // Each reads as the same lock, in another form: written again, in the lock's own.
      const variants = {
        'targets out of order': formed.replace(
          'de=1111111111111111:2222222222222222 ja=3333333333333333:4444444444444444',
          'ja=3333333333333333:4444444444444444 de=1111111111111111:2222222222222222',
        ),
        'a space after the hash': formed.replace(
          '"b.md" bbbbbbbbbbbbbbbb',
          '"b.md" bbbbbbbbbbbbbbbb ',
        ),
        'a CRLF file line': formed.replace('4444444444444444\n', '4444444444444444\r\n'),
        'a comment among the lines': formed.replace('unit "a.md"', '# note\nunit "a.md"'),
        'a blank line among the lines': formed.replace('unit "a.md"', '\nunit "a.md"'),
        'an escaped path': formed.replace('file "a.md"', 'file "\\u0061.md"'),
        'a unit line before its file line': formed.replace(
          /^(file "a.md".*\n)(unit .*\n)/m,
          '$2$1',
        ),
        'no final newline': formed.trimEnd(),
      };
      for (const [name, text] of Object.entries(variants)) {
        await writeFile(path, text);
        expect(parseLock(text).files.get('a.md')!.units().size, name).toBe(1);
        const variant = await readLock(path);
        expect(await writeLock(path, variant.lock, variant.text), name).toBe(true);
        expect(await readFile(path, 'utf8'), name).toBe(formed);
      }
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
      const path = join(dir, 'broken.lock');
      await writeFile(path, 'garbage\n');
      await expect(readLock(path)).rejects.toThrow(`${path} line 1`);
    });
  });
});
