// @ts-check
// A small site for Transloom's docusaurus preset: every broken link, anchor or image stops the build.
import { themes as prismThemes } from 'prism-react-renderer';

/** @type {import('@docusaurus/types').Config} */
const config = {
  title: 'Loom Docs',
  tagline: 'Weave words into every language',
  favicon: 'img/logo.png',
  url: 'https://docs.example.com',
  baseUrl: '/',
  // Rspack and SWC (@docusaurus/faster): the same site, built in a fraction of the time.
  future: { faster: true, v4: { removeLegacyPostBuildHeadAttribute: true } },
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  markdown: {
    hooks: { onBrokenMarkdownLinks: 'throw', onBrokenMarkdownImages: 'throw' },
  },
  i18n: {
    defaultLocale: 'en',
    locales: ['en', 'de', 'ja'],
  },
  presets: [
    [
      'classic',
      /** @type {import('@docusaurus/preset-classic').Options} */
      ({
        docs: { sidebarPath: './sidebars.js' },
        blog: {
          showReadingTime: true,
          onUntruncatedBlogPosts: 'ignore',
          onInlineAuthors: 'ignore',
        },
        theme: {},
      }),
    ],
  ],
  themeConfig:
    /** @type {import('@docusaurus/preset-classic').ThemeConfig} */
    ({
      navbar: {
        title: 'Loom Docs',
        logo: { alt: 'Loom logo', src: 'img/logo.png' },
        items: [
          { type: 'docSidebar', sidebarId: 'docs', position: 'left', label: 'Guide' },
          { to: '/blog', label: 'Blog', position: 'left' },
          { type: 'localeDropdown', position: 'right' },
        ],
      },
      footer: {
        style: 'dark',
        links: [
          {
            title: 'Docs',
            items: [
              { label: 'Introduction', to: '/docs/intro' },
              { label: 'Command line', to: '/docs/reference/cli' },
            ],
          },
        ],
        copyright: 'Loom Docs, an example site.',
      },
      prism: { theme: prismThemes.github, darkTheme: prismThemes.dracula },
    }),
};

export default config;
