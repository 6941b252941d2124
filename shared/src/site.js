/** How many posts or pictures one page of the public blog and gallery lists. */
export const listPageSize = 12;

/** Where the site's RSS feed is answered; every page links to it. */
export const feedPath = '/feed.xml';

/**
 * The hidden fields of a form the server also takes as a plain post (docs/forms.md): the signed
 * time the page was served, and the key that makes a resend store once. The page renders them
 * empty; the backend fills in their values for each visitor.
 */
export const plainFormFields = { token: 'form_token', idempotencyKey: 'idempotency_key' };

/** What a plain form post's fields may weigh together: the backend and nginx hold page posts to it. */
export const plainFormMaxBytes = 64 * 1024;

/** The query of a form's page once it was sent (Post/Redirect/Get): `/volunteer?sent=1`. */
export const sentQuery = { name: 'sent', value: '1' };
