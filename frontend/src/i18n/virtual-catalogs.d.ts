/** Compiled translation catalogs, made from src/i18n/catalogs/<lang>.json by scripts/catalogs.mjs. */
declare module 'virtual:catalog/*' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}
