import type { Heading, Html, Nodes, TableCell, Yaml } from 'mdast';
import { renderSegment } from '../../segments/render-segment.js';
import { CODE_ELEMENTS } from '../html/html-elements.js';
import { pushDerivedUnit } from './derived-unit.js';
import { encodeFrontMatterValue, frontMatterUnits } from './front-matter.js';
import { pushHtmlBlockUnits } from './html-block-units.js';
import type { NodeHandler } from './markdown-extraction.js';
import { pushJsxAttributeUnits } from './nested-units.js';
import { pushPhrasingUnit } from './phrasing-unit.js';

type LeafDirective = Extract<Nodes, { type: 'leafDirective' }>;
type MdxjsEsm = Extract<Nodes, { type: 'mdxjsEsm' }>;
type MdxJsxFlowElement = Extract<Nodes, { type: 'mdxJsxFlowElement' }>;

const SCRIPT_BLOCK = /^\s*<(?:script|style)\b/i;
const INCLUDE_LINE = /^\s*<!--\s*@include:[^\n]*-->\s*$/;

/** YAML front matter: the values of the allowed keys. */
export const handleYaml: NodeHandler<Yaml> = (x, _node, _place, range) => {
  if (!range) return false;
  const startLine = x.text.indexOf('\n', range.start) + 1;
  const endLine = x.text.lastIndexOf('\n', range.end - 1);
  const yaml = x.text.slice(startLine, endLine + 1);
  for (const unit of frontMatterUnits(x.file, yaml, startLine, x.settings.frontMatterKeys)) {
    x.units.push({
      ...unit,
      write: (translation) =>
        encodeFrontMatterValue(
          renderSegment(translation, unit.markup, { text: (t) => t, original: (o) => String(o) }),
          unit,
        ),
    });
  }
  return false;
};

/** A block whose phrasing content is one unit, read in a table cell or not. */
function phrasingBlock<N extends Heading | TableCell | LeafDirective>(
  table: boolean,
): NodeHandler<N> {
  return (x, node, place) => {
    pushPhrasingUnit(x, node, node.children, place, {
      mdx: x.settings.mdx,
      table,
      blockStart: false,
    });
    return false;
  };
}

/** A heading's text (its id and anchor markers left out). */
export const handleHeading: NodeHandler<Heading> = phrasingBlock(false);
/** A table cell's text. */
export const handleTableCell: NodeHandler<TableCell> = phrasingBlock(true);
/** A leaf directive's label (`::name[label]`). */
export const handleLeafDirective: NodeHandler<LeafDirective> = phrasingBlock(false);

/** An HTML block; a page's `<script>` and `<style>` blocks and includes are markup. */
export const handleHtml: NodeHandler<Html> = (x, node, place, range) => {
  // VitePress compiles a page as a Vue component: its scripts and styles are code, and its
  // includes paths, no prose.
  if (SCRIPT_BLOCK.test(node.value) || INCLUDE_LINE.test(node.value)) {
    if (place.map(0) === 0)
      pushDerivedUnit(x, range, SCRIPT_BLOCK.test(node.value) ? 'script' : 'include');
    return false;
  }
  if (place.map(0) === 0) pushHtmlBlockUnits(x, range);
  return false;
};

/** MDX `import`/`export` lines: markup pointed at the source. */
export const handleMdxjsEsm: NodeHandler<MdxjsEsm> = (x, _node, _place, range) => {
  pushDerivedUnit(x, range, 'esm');
  return false;
};

/** A JSX block element: its translatable attributes, and its children unless it holds code. */
export const handleMdxJsxFlowElement: NodeHandler<MdxJsxFlowElement> = (x, node, place) => {
  pushJsxAttributeUnits(x, node.attributes, place.path, place.map);
  return !CODE_ELEMENTS.has(node.name ?? '');
};

/** Nodes with nothing to translate: code, definitions, breaks, expressions. */
export const skipNode: NodeHandler = () => false;
