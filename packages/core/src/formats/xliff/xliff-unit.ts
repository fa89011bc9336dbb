import type { AdapterUnit } from '../format-adapter.js';
import type { InlineContent } from './xliff-inline.js';
import type { UnitSite } from './xliff-unit-site.js';
import type { XmlElement } from './xml-tree.js';

/** A unit of an XLIFF file: where its text and its target are. */
export interface XliffUnit extends AdapterUnit {
  site: UnitSite;
  /** The element the unit's text was read from: an unchanged translation copies its bytes. */
  textElement: XmlElement;
  content: InlineContent;
}
