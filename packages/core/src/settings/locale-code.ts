/** How a locale code is spelled: `en`, `de`, `pt-BR`, `zh-Hans`. */
export const LOCALE_CODE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;
