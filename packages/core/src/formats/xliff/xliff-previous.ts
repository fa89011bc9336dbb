import type { UnitSite, XliffParsed } from './xliff-document.js';
import { type PreviousTarget, sameContent } from './xliff-target.js';
import type { EntityTable } from './xml-entities.js';
import type { XmlElement } from './xml-tree.js';

/** The target file as it is now (read from its targets), asked about the units it has. */
export interface PreviousTargets {
  readonly parsed: XliffParsed;
  /** The target file's site of one of the rendered document's sites. */
  site(own: UnitSite): UnitSite | undefined;
  /** Whether the target file's `element` holds `content` (written in `entities`). */
  holds(element: XmlElement | undefined, content: string, entities: EntityTable): boolean;
  /** What the target file says of a unit's target (`site` is its own), given whether its text stays. */
  describe(site: UnitSite, same: boolean): PreviousTarget;
}

/**
 * Pairs the sites of a rendered document (`own`) with those of the target file as it is now,
 * by unit id; an id written more than once (Angular repeats a message in every place it is
 * used) pairs its n-th site with the n-th.
 */
export function createPreviousTargets(
  parsed: XliffParsed,
  own: readonly UnitSite[],
): PreviousTargets {
  const text = parsed.file.text;
  const byId = new Map<string, UnitSite[]>();
  for (const site of parsed.sites) {
    const list = byId.get(site.id);
    if (list) list.push(site);
    else byId.set(site.id, [site]);
  }
  const pairs = new Map<UnitSite, UnitSite>();
  const taken = new Map<string, number>();
  for (const site of own) {
    const n = taken.get(site.id) ?? 0;
    taken.set(site.id, n + 1);
    const match = byId.get(site.id)?.[n];
    if (match) pairs.set(site, match);
  }
  const startTag = (element: XmlElement | undefined) =>
    element ? text.slice(element.start, element.innerStart) : '';
  return {
    parsed,
    site: (own) => pairs.get(own),
    holds: (element, content, entities) =>
      element !== undefined &&
      sameContent(
        text.slice(element.innerStart, element.innerEnd),
        content,
        parsed.entities,
        entities,
      ),
    describe(site, same) {
      const host =
        site.stateHost === 'target' ? (site.segmented?.target ?? site.target) : site.stateHost;
      return { same, hostTag: startTag(host), unitTag: startTag(site.element) };
    },
  };
}
