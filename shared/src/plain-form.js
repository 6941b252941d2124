// The plain form posts of the site's forms (docs/forms.md): what the backend and the pages share.

/**
 * The hidden fields of a form the server also takes as a plain post (docs/forms.md): the signed
 * time the page was served, and the key that makes a resend store once. The page renders them
 * empty; the backend fills in their values for each visitor.
 */
export const plainFormFields = { token: 'form_token', idempotencyKey: 'idempotency_key' };

/** What a plain form post's fields may weigh together: the backend and nginx hold page posts to it. */
export const plainFormMaxBytes = 64 * 1024;

/**
 * The query of a form's page once it was sent (Post/Redirect/Get): `/volunteer?sent=1`. An answer
 * with a `data.status` passes it on (`/events/<id>?sent=1&status=waitlisted`), so the page can say
 * what came of it; `accepted` when the server took it but it waits for someone else (202: a
 * minor's guardian must confirm).
 */
export const sentQuery = { name: 'sent', value: '1', status: 'status', accepted: 'accepted' };
