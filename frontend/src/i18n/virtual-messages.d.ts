/** Compiled message catalogs, made from src/i18n/messages/<lang>.json by scripts/messages.mjs. */
declare module 'virtual:messages/*' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}
