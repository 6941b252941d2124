import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { EditLang } from './PageForm';

const tabs: { lang: EditLang; label: string }[] = [
  { lang: 'en', label: 'English' },
  { lang: 'hi', label: 'हिन्दी' },
];

/**
 * English / हिन्दी as a tab list (WAI-ARIA tabs: arrow keys, Home and End move between the tabs
 * and choose at once); the panel under it holds the page's fields in the chosen language.
 */
export function LanguageTabs({
  lang,
  onChange,
  note,
  children,
}: {
  lang: EditLang;
  onChange: (lang: EditLang) => void;
  note?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const choose = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length]!;
    onChange(tab.lang);
    refs.current[tabs.indexOf(tab)]?.focus();
  };
  const keys = (event: KeyboardEvent, index: number) => {
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    choose(to);
  };
  return (
    <div className="language-tabs">
      <div className="language-tablist-row">
        <div role="tablist" aria-label="Language to edit" className="language-tablist">
          {tabs.map((tab, index) => (
            <button
              key={tab.lang}
              ref={(element) => {
                refs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-${tab.lang}`}
              lang={tab.lang}
              aria-selected={tab.lang === lang}
              aria-controls={`${id}-panel`}
              tabIndex={tab.lang === lang ? 0 : -1}
              className="language-tab"
              onClick={() => onChange(tab.lang)}
              onKeyDown={(event) => keys(event, index)}
            >
              {tab.label}
            </button>
          ))}
        </div>
        {note}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${lang}`} className="language-panel">
        {children}
      </div>
    </div>
  );
}
