import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { locales } from './i18n.js';

export function App() {
  const { t, i18n } = useTranslation();
  const [count, setCount] = useState(0);
  return (
    <main>
      <nav>
        {t('switcher.label')}{' '}
        {locales.map((locale) => (
          <button
            key={locale}
            type="button"
            aria-pressed={i18n.resolvedLanguage === locale}
            onClick={() => i18n.changeLanguage(locale)}
          >
            {locale}
          </button>
        ))}
      </nav>
      <h1 id="title">{t('title')}</h1>
      <p id="intro">
        <Trans i18nKey="intro" components={{ strong: <strong /> }} />
      </p>
      <button id="counter" type="button" onClick={() => setCount((n) => n + 1)}>
        {t('clicks', { count })}
      </button>
      <p id="greeting">{t('greeting', { name: 'Ada' })}</p>
    </main>
  );
}
