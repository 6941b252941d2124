import { Link, useRouterState } from '@tanstack/react-router';
import { useTranslator } from '../i18n/i18n';
import { pathIn, type Lang } from '../i18n/paths';
import './LanguageSwitch.css';

/** Where the visitor's last choice is kept (no cookie; the URL still decides what a page shows). */
export const languageChoiceKey = 'site-language';

const choices: { lang: Lang; label: string }[] = [
  { lang: 'en', label: 'English' },
  { lang: 'hi', label: 'हिन्दी' },
];

function rememberChoice(lang: Lang) {
  try {
    localStorage.setItem(languageChoiceKey, lang);
  } catch {
    // Storage may be off (private mode); the switch still works.
  }
}

/** English | हिन्दी: the same page, search and anchor in the other language. */
export function LanguageSwitch() {
  const { lang, t } = useTranslator();
  const location = useRouterState({ select: (state) => state.location });
  return (
    <ul className="lang-switch" aria-label={t('Language')}>
      {choices.map((choice) => (
        <li key={choice.lang} lang={choice.lang}>
          {choice.lang === lang ? (
            <span className="lang-current" aria-current="true">
              {choice.label}
            </span>
          ) : (
            <Link
              // A page without a Hindi version (the login) switches to the Hindi home page.
              to={pathIn(choice.lang, location.pathname) ?? pathIn(choice.lang, '/')!}
              search={location.search as never}
              hash={location.hash || undefined}
              hashScrollIntoView={false}
              hrefLang={choice.lang}
              className="lang-link"
              onClick={() => rememberChoice(choice.lang)}
            >
              {choice.label}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
