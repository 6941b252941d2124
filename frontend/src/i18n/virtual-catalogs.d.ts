/** Compiled translation catalogs, made from src/i18n/catalogs/<lang>.json by scripts/catalogs.mjs. */
declare module 'virtual:catalog/*' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}

/** Each language's route parts, by route id ('/{-$lang}/about'): a route whose texts are all in the root part has none. */
declare module 'virtual:catalog-parts' {
  import type { Messages } from '@lingui/core';
  const parts: Partial<Record<string, Record<string, () => Promise<{ default: Messages }>>>>;
  export default parts;
}
