import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { I18n } from '@lingui/core';
import { useMatch } from '@tanstack/react-router';
import type hindiCatalog from './messages/hi.json';
import { messageId } from './message-id.js';
import { langOfPath, localeOf, pathIn, type Lang } from './paths';

/**
 * A text of the interface: its English wording, byte for byte (the gettext way). The English pages
 * show it as it is; every other language looks it up in its message file, which must hold every
 * one of these (a text missing from hi.json is a type error, so `npm run build` and typecheck fail).
 */
export type MessageKey = keyof typeof hindiCatalog;
export type MessageValues = Record<string, string | number>;

/** Hindi arrives as its own chunk (Lingui's runtime and the compiled messages) once a Hindi page opens. */
const loaded: { hi?: I18n } = {};

/** Loads a language's messages (the /hi route awaits this before it renders, also on the server). */
export async function loadLanguage(lang: Lang): Promise<void> {
  if (lang === 'en' || loaded[lang]) return;
  loaded[lang] = (await import('./hindi')).hindi;
}

/** English needs no catalog: `{name}` placeholders are filled in. */
export function fillIn(message: MessageKey, values?: MessageValues): string {
  if (!values) return message;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

export interface Translator {
  lang: Lang;
  t: (key: MessageKey, values?: MessageValues) => string;
  /** 1,00,000 in the Indian grouping, in either language. */
  formatNumber: (value: number | string) => string;
  /** The locale for dates and numbers (`en-IN`, `hi-IN`). */
  locale: string;
  /** The path of a page of this site in the page's language (`/about` → `/hi/about` on a Hindi page). */
  localPath: <T extends string>(path: T) => T;
}

function translator(lang: Lang): Translator {
  const i18n = lang === 'en' ? undefined : loaded[lang];
  const shownLang = i18n ? lang : 'en';
  const locale = localeOf[shownLang];
  return {
    lang,
    locale,
    // A text the catalog lacks (a server's message it does not know) stays as it is.
    t: (key, values) => {
      const id = messageId(key);
      return i18n && id in i18n.messages ? i18n._(id, values) : fillIn(key, values);
    },
    formatNumber: (value) => Number(value).toLocaleString(locale),
    // Typed as the English path so links keep their checks; the /hi twin of every such route exists.
    localPath: (path) => (lang === 'en' ? path : (pathIn(lang, path) ?? path)) as typeof path,
  };
}

const TranslatorContext = createContext<Translator>(translator('en'));

/** Gives the pages the language of the URL they are on. */
export function LanguageProvider({ pathname, children }: { pathname: string; children: ReactNode }) {
  const lang = langOfPath(pathname);
  const [loadedCount, setLoadedCount] = useState(0);
  // The /hi route loads Hindi before rendering; a page reached another way (a 404 under /hi) loads it here.
  useEffect(() => {
    if (lang !== 'en' && !loaded[lang]) void loadLanguage(lang).then(() => setLoadedCount((count) => count + 1));
  }, [lang]);
  useDocumentLanguage(lang, pathname);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- loadedCount: the messages arrived
  const value = useMemo(() => translator(lang), [lang, loadedCount]);
  return <TranslatorContext.Provider value={value}>{children}</TranslatorContext.Provider>;
}

export function useTranslator(): Translator {
  return useContext(TranslatorContext);
}

/** `<html lang>` and the hreflang alternates of the page (the server render sets the same). */
function useDocumentLanguage(lang: Lang, pathname: string) {
  useEffect(() => {
    document.documentElement.lang = lang;
    document.head.querySelectorAll('link[rel="alternate"][hreflang]').forEach((link) => link.remove());
    const hindi = pathIn('hi', pathname);
    if (!hindi) return;
    const english = pathIn('en', pathname)!;
    for (const [hreflang, path] of [
      ['en', english],
      ['hi', hindi],
      ['x-default', english],
    ] as const) {
      const link = document.createElement('link');
      link.rel = 'alternate';
      link.hreflang = hreflang;
      link.href = new URL(path, window.location.origin).href;
      document.head.append(link);
    }
  }, [lang, pathname]);
}

/**
 * The language of the route rendering the calling component (its own match, not the URL): while
 * the router moves from /hi/blog to /blog, the page still showing reads its own route's data.
 */
export function useMatchLang(): Lang {
  return useMatch({ strict: false, select: (match) => langOfPath(match.pathname) });
}
