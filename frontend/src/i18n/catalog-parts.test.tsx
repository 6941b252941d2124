import { act, render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import hindi from './catalogs/hi.json';
import { LanguageProvider, loadLanguage, useTranslator } from './i18n';

function Story() {
  const { t } = useTranslator();
  return <p>{t('Mission and vision')}</p>;
}

it("shows a page's own texts as soon as its part of the catalog arrives, on top of the root part", async () => {
  render(
    <LanguageProvider pathname="/hi/about">
      <Story />
    </LanguageProvider>,
  );
  // The root part (what every page shows) lacks the About page's texts: they stay English until its part comes.
  await act(() => loadLanguage('hi'));
  expect(screen.getByText('Mission and vision')).toBeInTheDocument();
  await act(() => loadLanguage('hi', '/{-$lang}/about'));
  expect(screen.getByText(hindi['Mission and vision'])).toBeInTheDocument();
  // Another page's part adds to what is loaded: the About page's texts stay.
  await act(() => loadLanguage('hi', '/{-$lang}/programs'));
  expect(screen.getByText(hindi['Mission and vision'])).toBeInTheDocument();
});
