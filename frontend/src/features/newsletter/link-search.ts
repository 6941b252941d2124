/** The newsletter's pages: /newsletter, and the pages its mailed links open; any other is no page. */
export function parseNewsletterAction({ action }: { action?: string }): { action?: 'confirm' | 'unsubscribe' } | false {
  if (action === undefined) return {};
  return action === 'confirm' || action === 'unsubscribe' ? { action } : false;
}

/** A mailed link's page: its token, and `sent` once its form was carried out as a plain post. */
export const linkSearch = (search: Record<string, unknown>): { token?: string; sent?: string } => ({
  ...(typeof search.token === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(search.token) ? { token: search.token } : {}),
  ...(search.sent !== undefined ? { sent: String(search.sent) } : {}),
});
