import { type DefaultTheme, defineConfig } from 'vitepress';
import { tabsMarkdownPlugin } from 'vitepress-plugin-tabs';

// A small site for Transloom's vitepress preset. VitePress stops on dead page links; dead
// #anchors are checked in the built HTML by Transloom's link checker.
function sidebar(prefix: string): DefaultTheme.Sidebar {
  return [
    {
      text: 'Guide',
      items: [
        { text: 'Getting started', link: `${prefix}/guide/getting-started` },
        { text: 'Containers', link: `${prefix}/guide/advanced/containers` },
        { text: 'Components', link: `${prefix}/guide/advanced/components` },
      ],
    },
    { text: 'Reference', items: [{ text: 'Configuration', link: `${prefix}/reference/config` }] },
  ];
}

function nav(prefix: string): DefaultTheme.NavItem[] {
  return [
    { text: 'Guide', link: `${prefix}/guide/getting-started` },
    { text: 'Reference', link: `${prefix}/reference/config` },
  ];
}

export default defineConfig({
  title: 'Loom',
  description: 'Weave words into every language.',
  cleanUrls: true,
  head: [['link', { rel: 'icon', href: '/logo.svg' }]],
  // Not pages: the site's own notes, and parts that pages include.
  srcExclude: ['**/README.md', '**/parts/**'],
  markdown: {
    config(md) {
      md.use(tabsMarkdownPlugin);
    },
  },
  themeConfig: { logo: '/logo.svg', search: { provider: 'local' } },
  locales: {
    root: { label: 'English', lang: 'en', themeConfig: { nav: nav(''), sidebar: sidebar('') } },
    de: { label: 'Deutsch', lang: 'de', themeConfig: { nav: nav('/de'), sidebar: sidebar('/de') } },
    ja: { label: '日本語', lang: 'ja', themeConfig: { nav: nav('/ja'), sidebar: sidebar('/ja') } },
  },
});
