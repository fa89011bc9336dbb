/** How a locale code is spelled: `en`, `de`, `pt-BR`, `zh-Hans` (the client's language tables own it). */
export { LOCALE_CODE } from '@transloom/client/languages';
