// @ts-check
// A small site for Transloom's starlight preset; starlight-links-validator stops the build on
// any broken link or anchor, and on a link from one locale into another.
import starlight from '@astrojs/starlight';
import { defineConfig } from 'astro/config';
import starlightLinksValidator from 'starlight-links-validator';

export default defineConfig({
  site: 'https://docs.example.com',
  trailingSlash: 'always',
  integrations: [
    starlight({
      title: 'Loom',
      favicon: '/favicon.svg',
      defaultLocale: 'root',
      locales: {
        root: { label: 'English', lang: 'en' },
        de: { label: 'Deutsch', lang: 'de' },
        ja: { label: '日本語', lang: 'ja' },
      },
      sidebar: [
        { label: 'Guides', items: [{ autogenerate: { directory: 'guides' } }] },
        { label: 'Reference', items: [{ autogenerate: { directory: 'reference' } }] },
      ],
      plugins: [
        starlightLinksValidator({ errorOnFallbackPages: true, errorOnInconsistentLocale: true }),
      ],
    }),
  ],
});
