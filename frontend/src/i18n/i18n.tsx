import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { I18n } from '@lingui/core';
import catalogParts from 'virtual:catalog-parts';
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

/**
 * Hindi arrives in parts: Lingui's runtime with the root part (what every page shows) in one
 * chunk, and each route's own texts in another (the build splits hi.json by the code of each route).
 */
const loaded: { hi?: I18n } = {};
const loading = new Map<string, Promise<void>>();

/** Counts the parts merged so far, so that the pages render again with the texts of one that arrives. */
let partsMerged = 0;
const partListeners = new Set<() => void>();
function partMerged() {
  partsMerged += 1;
  for (const listener of partListeners) listener();
}
const onPartMerged = (listener: () => void) => {
  partListeners.add(listener);
  return () => partListeners.delete(listener);
};
const mergedSoFar = () => partsMerged;

/** Runs `load` once per name; a failed load is tried again the next time it is asked for. */
function once(name: string, load: () => Promise<void>): Promise<void> {
  let promise = loading.get(name);
  if (!promise) {
    promise = load().catch((error: unknown) => {
      loading.delete(name);
      throw error;
    });
    loading.set(name, promise);
  }
  return promise;
}

/**
 * Loads a language's root part and, given a route id ('/{-$lang}/about'), that route's part too
 * (the public routes' loaders await it before they render, also on the server; Lingui's load merges).
 */
export function loadLanguage(lang: Lang, routeId?: string): Promise<void> {
  if (lang === 'en') return Promise.resolve();
  const root = once(lang, async () => {
    loaded[lang] = (await import('./hindi')).hindi;
    partMerged();
  });
  const part = routeId === undefined ? undefined : catalogParts[lang]?.[routeId];
  if (!part) return root;
  return once(`${lang} ${routeId}`, async () => {
    const [{ default: messages }] = await Promise.all([part(), root]);
    loaded[lang]!.load(localeOf[lang], messages);
    partMerged();
  });
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
  // The public routes load their texts before rendering; a page outside them (/hi/login, a 404) loads the root part here.
  useEffect(() => {
    if (lang !== 'en' && !loaded[lang]) void loadLanguage(lang);
  }, [lang]);
  useDocumentLanguage(lang, pathname);
  // A new translator (the pages render again) each time a part is merged: t() then finds its texts.
  const merged = useSyncExternalStore(onPartMerged, mergedSoFar, mergedSoFar);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- merged: a part of the catalog arrived
  const value = useMemo(() => translator(lang), [lang, merged]);
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
