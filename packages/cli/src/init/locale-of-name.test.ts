import { expect, it } from 'vitest';
import { localeOfFolder, localeOfName } from './locale-of-name.js';

it('reads locale codes from names, keeping how they are written but for the underscore', () => {
  const names = [
    'en',
    'de-DE',
    'pt_BR',
    'zh-Hant',
    'zh_Hant_TW',
    'es-419',
    'kaa',
    'kab-KAB',
    'fil',
  ];
  expect(names.map(localeOfName)).toEqual([
    'en',
    'de-DE',
    'pt-BR',
    'zh-Hant',
    'zh-Hant-TW',
    'es-419',
    'kaa',
    'kab-KAB',
    'fil',
  ]);
});

it('takes no file or folder name for a locale that is not one', () => {
  const names = [
    'package',
    'tsconfig',
    'locales',
    'translationMetadata',
    'percentages',
    'common',
    'ui',
    'js',
    'app',
    'EN',
    'und',
    'en.US',
    'src', // Sardinian's old code: a folder of code
    'mac', // Macedonian's bibliographic code
    'eng',
  ];
  expect(names.map(localeOfName).filter(Boolean)).toEqual([]);
  expect(['bin', 'new', 'ast'].map(localeOfFolder).filter(Boolean)).toEqual([]);
  expect(localeOfName('ast')).toBe('ast');
});
