import type { UnitSite, XliffParsed } from './xliff-document.js';
import { type PreviousTarget, sameContent } from './xliff-target.js';
import type { EntityTable } from './xml-entities.js';
import type { XmlElement } from './xml-tree.js';

/** The target file as it is now (read from its targets), asked about the units it has. */
export interface PreviousTargets {
  readonly parsed: XliffParsed;
  /** The target file's site of a unit, by unit id. */
  site(id: string): UnitSite | undefined;
  /** Whether the target file's `element` holds `content` (written in `entities`). */
  holds(element: XmlElement | undefined, content: string, entities: EntityTable): boolean;
  /** What the target file says of a unit's target (`site` is its own), given whether its text stays. */
  describe(site: UnitSite, same: boolean): PreviousTarget;
}

/** Looks up the units of the target file as it is now. */
export function createPreviousTargets(parsed: XliffParsed): PreviousTargets {
  const text = parsed.file.text;
  const sites = new Map(parsed.sites.map((site) => [site.id, site]));
  const startTag = (element: XmlElement | undefined) =>
    element ? text.slice(element.start, element.innerStart) : '';
  return {
    parsed,
    site: (id) => sites.get(id),
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
