/** The docs generators with a preset (the one list: the schema and the registry use it). */
export const DOCS_GENERATORS = ['docusaurus', 'vitepress', 'starlight'] as const;

/** A docs generator with a preset. */
export type DocsGenerator = (typeof DOCS_GENERATORS)[number];
