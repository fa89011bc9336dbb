import type { Nodes } from 'mdast';
import {
  handleHeading,
  handleHtml,
  handleLeafDirective,
  handleMdxJsxFlowElement,
  handleMdxjsEsm,
  handleTableCell,
  handleYaml,
  skipNode,
} from './handle-blocks.js';
import { handleParagraph } from './handle-paragraph.js';
import type { NodeHandler } from './markdown-extraction.js';

/** One handler per kind of node; a kind without one has its children walked. */
export type MarkdownHandlers = {
  [K in Nodes['type']]?: NodeHandler<Extract<Nodes, { type: K }>>;
};

/** How each kind of node is read (a plain object: a new kind of node is a new line). */
export const markdownHandlers: MarkdownHandlers = {
  yaml: handleYaml,
  paragraph: handleParagraph,
  heading: handleHeading,
  tableCell: handleTableCell,
  leafDirective: handleLeafDirective,
  html: handleHtml,
  mdxjsEsm: handleMdxjsEsm,
  mdxJsxFlowElement: handleMdxJsxFlowElement,
  code: skipNode,
  definition: skipNode,
  thematicBreak: skipNode,
  mdxFlowExpression: skipNode,
};
