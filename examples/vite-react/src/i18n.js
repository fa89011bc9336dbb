// Every locale's catalogs, `{ de: { common: {...} } }`, kept up to date by the plugin.
import resources from 'virtual:transloom/resources';
import { hotReloadI18next } from '@transloom/vite-plugin/client';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

export const locales = Object.keys(resources).sort();

await i18next.use(initReactI18next).init({
  resources,
  lng: new URLSearchParams(location.search).get('lng') ?? 'de',
  fallbackLng: 'en',
  defaultNS: 'common',
  interpolation: { escapeValue: false },
});

// Catalogs the plugin writes (or you edit) reach the page without a reload.
hotReloadI18next(i18next);

export default i18next;
