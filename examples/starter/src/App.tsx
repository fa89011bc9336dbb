import { Trans, useTranslation } from 'react-i18next';

export function App({ name, count }: { name: string; count: number }) {
  const { t } = useTranslation('common');
  return (
    <main>
      <h1>{t('app.title')}</h1>
      <p>{t('app.greeting', { name })}</p>
      <p>{t('inbox.messages', { count })}</p>
      <button type="button">{t('settings.save')}</button>
      <button type="button">{t('settings.export', 'Export as CSV')}</button>
      <Trans i18nKey="inbox.empty">
        Your inbox is empty. <a href="/compose">Write a message</a> to get started.
      </Trans>
    </main>
  );
}
