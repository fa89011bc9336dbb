/**
 * Resolves a conflicted `transloom.lock` (the text git leaves with conflict markers, the base
 * section of `merge.conflictStyle=diff3` included) by taking the union of both sides: the
 * markers and the base's lines are dropped, and every other line is kept once, in order.
 *
 * The lock is being made a set of self-contained lines (one per unit, carrying its file's
 * path), for which the union of both sides is always a correct merge, and its reader
 * tolerates a line twice. This is the one place the Action decides how a lock conflict is
 * resolved, so that it can hand the text to core's own `transloom lock resolve` instead.
 */
export function resolveLockConflict(text: string): string {
  const out: string[] = [];
  // Within one conflict: which side is being read, and the lines kept from it so far. A line
  // both sides added is kept once; lines outside conflicts are git's merge and stay as they
  // are (the lock of today repeats some lines, a locale's target line, from file to file).
  let side: 'none' | 'ours' | 'base' | 'theirs' = 'none';
  let kept = new Set<string>();
  for (const line of text.split(/(?<=\n)/)) {
    const bare = line.replace(/\r?\n$/, '');
    if (side === 'none' && /^<{7}(?: |$)/.test(bare)) {
      side = 'ours';
      kept = new Set();
      continue;
    }
    if (side !== 'none') {
      if (side === 'ours' && /^\|{7}(?: |$)/.test(bare)) side = 'base';
      else if (side !== 'theirs' && bare === '=======') side = 'theirs';
      else if (side === 'theirs' && /^>{7}(?: |$)/.test(bare)) side = 'none';
      else if (side !== 'base' && !kept.has(bare)) {
        kept.add(bare);
        out.push(line.endsWith('\n') ? line : `${line}\n`);
      }
      continue;
    }
    out.push(line);
  }
  return out.join('');
}
