import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { I18n } from '@lingui/core';
import type hindiCatalog from './catalogs/hi.json';
import { messageId } from './message-id.js';
import { alternatesOf, langOfPath, localeOf, type Lang } from './paths';

/**
 * A text of the interface: its English wording, byte for byte (the gettext way). The English pages
 * show it as it is; every other language looks it up in its catalog, which must hold every
 * one of these (a text missing from hi.json is a type error, so `npm run build` and typecheck fail).
 */
export type MessageKey = keyof typeof hindiCatalog;
export type MessageValues = Record<string, string | number>;

/** Hindi arrives as its own chunk (Lingui's runtime and the compiled catalog) once a Hindi page opens. */
const loaded: { hi?: I18n } = {};

/** Loads a language's catalog (the public routes await it before they render, also on the server). */
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
    formatNumber: (value) => numberFormat(locale).format(Number(value)),
  };
}

/** One number format per locale: each toLocaleString call would build (and load) one anew. */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string): Intl.NumberFormat {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format;
}

const TranslatorContext = createContext<Translator>(translator('en'));

/** Gives the pages the language of the URL they are on. */
export function LanguageProvider({ pathname, children }: { pathname: string; children: ReactNode }) {
  const lang = langOfPath(pathname);
  const [loadedCount, setLoadedCount] = useState(0);
  // The public routes load their catalog before rendering; a page outside them (/hi/login, a 404) loads it here.
  useEffect(() => {
    if (lang !== 'en' && !loaded[lang]) void loadLanguage(lang).then(() => setLoadedCount((count) => count + 1));
  }, [lang]);
  useDocumentLanguage(lang, pathname);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- loadedCount: the catalog arrived
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
    for (const [hreflang, path] of alternatesOf(pathname)) {
      const link = document.createElement('link');
      link.rel = 'alternate';
      link.hreflang = hreflang;
      link.href = new URL(path, window.location.origin).href;
      document.head.append(link);
    }
  }, [lang, pathname]);
}
