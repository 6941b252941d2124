// Posts and gallery items may carry Hindi text in `<field>_hi`. With `lang=hi` the public reads
// answer in the legacy shape with the Hindi in place where there is a Hindi title (an empty Hindi
// field keeps its English), and `text_lang` says which language the page got.

export type ContentLang = 'en' | 'hi';

/** `lang` as the request gave it (openapi.yaml allows `en` and `hi` only). */
export const contentLang = (lang: unknown): ContentLang => (lang === 'hi' ? 'hi' : 'en');

/** The fields a search looks in: the Hindi ones too for a Hindi page. */
export function searchFieldsFor(lang: ContentLang, fields: readonly string[]): string[] {
  return lang === 'hi' ? [...fields, ...fields.map((field) => `${field}_hi`)] : [...fields];
}

type HindiOf<F extends string> = `${F}_hi`;

/** The item as a page in `lang` reads it; English answers are the item as it is. */
export function inLanguage<V extends { title: string; title_hi: string }, F extends keyof V & string>(
  view: V,
  lang: ContentLang,
  fields: readonly F[],
): V | (Omit<V, HindiOf<F>> & { text_lang: ContentLang }) {
  if (lang === 'en') return view;
  const translated = view.title_hi.trim() !== '';
  const answer: Record<string, unknown> = { ...view, text_lang: translated ? 'hi' : 'en' };
  for (const field of fields) {
    const hindi = answer[`${field}_hi`];
    // A Hindi text is there when it is not blank; a Hindi document when it is there at all.
    const present = typeof hindi === 'string' ? hindi.trim() !== '' : hindi != null;
    if (translated && present) answer[field] = hindi;
    delete answer[`${field}_hi`];
  }
  return answer as Omit<V, HindiOf<F>> & { text_lang: ContentLang };
}
