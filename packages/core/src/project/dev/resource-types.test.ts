import { expect, it } from 'vitest';
import { resourceTypesText } from './resource-types.js';

it('describes nested keys, arrays and the default namespace, in a stable order', () => {
  const text = resourceTypesText(
    [
      {
        namespace: 'shop',
        content: { cart: { empty: 'Empty', items: ['a', 'b'], mixed: ['a', 1] }, a: 'A' },
      },
      { namespace: 'common', content: { hello: 'Hello' } },
    ],
    { sourceLocale: 'en', defaultNS: 'common' },
  );
  expect(text).toContain(`declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: {
      "common": {
        "hello": string;
      };
      "shop": {
        "a": string;
        "cart": {
          "empty": string;
          "items": readonly string[];
          "mixed": readonly (string | number)[];
        };
      };
    };
  }
}`);
});
