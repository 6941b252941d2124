// Every operation while the database server is stopped: 503 with Retry-After and a message
// that names the database (health: 503 with database "down"); the documents need none and
// keep working. The anonymous forms are kept instead (202, idempotency/kept.ts) while there is
// room on the instance's disk (KEPT_FORMS_MAX, 5 in outage.test.ts), then refused (503).
// outage.test.ts proves afterwards that nothing was half-written and each kept form stored once.
import { expect } from 'vitest';
import { pageSeed } from '@ngo-site/shared/page-seed';
import type { Response } from 'supertest';
import { receiptLinkToken } from '../../../src/features/donations/receipt-link.js';
import { LinkTokens } from '../../../src/features/newsletter/tokens.js';
import { contract, contractCase, defineCases, type ContractCase } from '../support/cases.js';
import type { Fixture } from '../support/fixture.js';
import { image, images, postForm, postJson } from '../support/requests.js';
import { volunteer } from './accounts-and-meta.js';
import { donorReport } from './donations.js';
import { contactMessage } from './inbox.js';
import { campaignFields } from '../../campaigns.js';
import { pledgeFields } from '../../pledges.js';
import { stopToken } from '../../../src/features/pledges/links.js';
import { campFields } from '../../events.js';
import { complianceOutages } from './compliance.js';

const saysDatabaseIsAway = (res: Response) => expect(res.body.message).toMatch(/database/i);

const down = (operationId: string, name: string, send: (fx: Fixture) => PromiseLike<Response>): ContractCase =>
  contractCase(operationId, 503, name, { send, check: operationId === 'getHealth' ? undefined : saysDatabaseIsAway });

/** What the kept forms send: outage.test.ts finds each stored once the database is back. */
export const keptForms = {
  volunteer: { ...volunteer, email: 'kept-volunteer@example.org' },
  message: { ...contactMessage, email: 'kept-message@example.org' },
  donation: { ...donorReport, reference: '412345678999' },
};
/** The anonymous forms, as sent while the database is away. */
const forms: [string, string, (fx: Fixture, v: number) => PromiseLike<Response>][] = [
  ['saveVolunteer', 'a registration', (fx, v) => postJson(fx, '/api/volunteer_save.php', { ...keptForms.volunteer, name: `Asha ${v}` }, null)],
  ['saveContactMessage', 'a contact message', (fx, v) => postJson(fx, '/api/contact_save.php', { ...keptForms.message, subject: `Kept ${v}` }, null)],
  ['requestPasswordReset', 'a forgotten password', (fx) => postJson(fx, '/api/request_password_reset.php', { email: fx.t.admin.email }, null)],
  ['requestMyLink', 'a link to one’s page', (fx) => postJson(fx, '/api/request_my_link.php', { email: keptForms.volunteer.email, elapsed_ms: 5000 }, null)],
  [
    'saveDonation',
    'the report of a donor',
    (fx, v) => postJson(fx, '/api/donation_save.php', { ...keptForms.donation, reference: v ? '412345678998' : keptForms.donation.reference }, null),
  ],
];
const keptCases = forms.map(([operationId, name, send]) =>
  contractCase(operationId, 202, `${name} is kept, to be stored once the database is back`, {
    send: (fx) => send(fx, 0),
    check: (res) =>
      expect(res.body).toEqual({ success: true, message: 'Received. It is kept, and will be stored in a moment: there is no need to send it again.' }),
  }),
);
// Sent after the five above: the instance keeps no more than KEPT_FORMS_MAX.
const fullCases = forms.map(([operationId, name, send]) => down(operationId, `${name}, once the instance keeps as many as it may`, (fx) => send(fx, 1)));

const requests: ContractCase[] = [
  ...keptCases,
  ...fullCases,
  down('listBlogs', 'the posts', (fx) => fx.request.get('/api/get_blogs.php')),
  down('getBlog', 'one post', async (fx) => fx.request.get(`/api/get_blog.php?id=${(await fx.sharedBlog()).id}`)),
  down('addBlog', 'a new post with an image (processed, then refused at the first write)', (fx) =>
    postForm(fx, '/api/add_blog.php', { title: 'Written during the outage' }, [image(fx.images.jpeg)]),
  ),
  down('updateBlog', 'a post with a replacement image', async (fx) =>
    postForm(fx, '/api/update_blog.php', { id: (await fx.sharedBlog()).id, title: 'Changed' }, [image(fx.images.png)]),
  ),
  down('addBlog', 'a post whose document shows a stored photo (the store is asked first)', async (fx) =>
    postForm(fx, '/api/add_blog.php', {
      title: 'With a photo',
      body: JSON.stringify({ type: 'doc', content: [{ type: 'image', attrs: { id: await fx.sharedImageId(), alt: 'A photo' } }] }),
    }),
  ),
  down('uploadMedia', "a photo for a post's text", (fx) =>
    postForm(fx, '/api/upload_media.php', { alt: 'Written during the outage' }, [image(fx.images.jpeg)]),
  ),
  down('listMedia', 'the media library', (fx) => fx.request.get('/api/get_media.php?q=seed').set('Authorization', fx.admin)),
  down('updateMedia', "an image's alt text", async (fx) => postJson(fx, '/api/update_media.php', { id: await fx.sharedImageId(), alt: 'Changed' })),
  down('deleteMedia', 'deleting an image', async (fx) => postJson(fx, '/api/delete_media.php', { id: await fx.sharedImageId(), force: true })),
  down('deleteBlog', 'deleting a post', async (fx) => postJson(fx, '/api/delete_blog.php', { id: (await fx.sharedBlog()).id })),
  down('listPublicGallery', 'the public gallery', (fx) => fx.request.get('/api/get_gallery.php')),
  down('listGalleryImages', 'the admin gallery list', (fx) => fx.request.get('/api/get_gallery_images.php')),
  down('addGalleryImage', 'a batch of three images', (fx) =>
    postForm(
      fx,
      '/api/add_gallery_image.php',
      { title: 'Batch', category: 'health' },
      images([fx.images.jpeg, 'a.jpg'], [fx.images.png, 'b.png'], [fx.images.webp, 'c.webp']),
    ),
  ),
  down('updateGalleryImage', 'an item with a replacement image', async (fx) =>
    postForm(fx, '/api/update_gallery_image.php', { id: (await fx.sharedGalleryItem()).id, title: 'x', category: 'health' }, [image(fx.images.gif, 'x.gif')]),
  ),
  down('deleteGalleryImage', 'deleting an item', async (fx) => postJson(fx, '/api/gallery_delete.php', { id: (await fx.sharedGalleryItem()).id })),
  down('getImage', 'an image', async (fx) => fx.request.get(`/api/image.php?id=${await fx.sharedImageId()}`)),
  down('getImage', 'a variant', async (fx) => fx.request.get(`/api/image.php?id=${await fx.sharedImageId()}&w=320`)),
  down('listVolunteers', 'the registrations', (fx) => fx.request.get('/api/get_volunteers.php').set('Authorization', fx.admin)),
  down('listVolunteers', 'a page of the registrations', (fx) => fx.request.get('/api/get_volunteers.php?limit=10').set('Authorization', fx.admin)),
  down('exportVolunteers', 'the registrations as CSV', (fx) => fx.request.get('/api/export_volunteers.php').set('Authorization', fx.admin)),
  down('login', 'a login with the right password', (fx) => postJson(fx, '/api/login.php', { email: fx.t.admin.email, password: fx.t.admin.password }, null)),
  down('listAuditLog', 'the audit log', (fx) => fx.request.get('/api/get_audit_log.php').set('Authorization', fx.admin)),
  down('listMessages', 'the messages', (fx) => fx.request.get('/api/get_messages.php').set('Authorization', fx.admin)),
  down('updateMessage', 'marking a message read', (fx) => postJson(fx, '/api/update_message.php', { id: fx.unknownId, read: true })),
  down('deleteMessage', 'deleting a message', (fx) => postJson(fx, '/api/delete_message.php', { id: fx.unknownId })),
  down('deleteVolunteer', 'erasing a registration', (fx) => postJson(fx, '/api/delete_volunteer.php', { email: 'asha@example.org' })),
  down('listAllBlogs', 'every post with the drafts', (fx) => fx.request.get('/api/get_all_blogs.php').set('Authorization', fx.admin)),
  down('previewBlog', 'a draft to preview', async (fx) =>
    fx.request.get(`/api/preview_blog.php?id=${(await fx.sharedBlog()).id}`).set('Authorization', fx.admin),
  ),
  down('listBlogRevisions', "a post's revisions", async (fx) =>
    fx.request.get(`/api/get_blog_revisions.php?id=${(await fx.sharedBlog()).id}`).set('Authorization', fx.admin),
  ),
  down('getBlogRevision', 'one revision', async (fx) =>
    fx.request.get(`/api/get_blog_revision.php?id=${(await fx.sharedBlog()).id}&version=1`).set('Authorization', fx.admin),
  ),
  down('restoreBlogRevision', 'restoring a revision', async (fx) =>
    postJson(fx, '/api/restore_blog_revision.php', { id: (await fx.sharedBlog()).id, revision: 1, version: 1 }),
  ),
  down('autosaveBlog', 'an autosave', (fx) => postJson(fx, '/api/autosave_blog.php', { post: 'new', title: 'Typed during the outage' })),
  down('getBlogAutosave', 'reading an autosave', (fx) => fx.request.get('/api/get_blog_autosave.php?post=new').set('Authorization', fx.admin)),
  down('discardBlogAutosave', 'discarding an autosave', (fx) => postJson(fx, '/api/discard_blog_autosave.php', { post: 'new' })),
  down('getBlogPreviewLink', "a post's preview link", async (fx) =>
    fx.request.get(`/api/get_blog_preview_link.php?id=${(await fx.sharedBlog()).id}`).set('Authorization', fx.admin),
  ),
  down('getPage', 'a page in English', (fx) => fx.request.get('/api/get_page.php?slug=about&lang=en')),
  down('listPages', 'the editable pages', (fx) => fx.request.get('/api/get_pages.php').set('Authorization', fx.admin)),
  down('updatePage', "publishing a page's content", (fx) => postJson(fx, '/api/update_page.php', { slug: 'home', version: 1, content: pageSeed.home })),
  down('discardPageDraft', "dropping a page's draft", (fx) => postJson(fx, '/api/discard_page_draft.php', { slug: 'home', version: 1 })),
  down('resetPage', 'resetting a page', (fx) => postJson(fx, '/api/reset_page.php', { slug: 'home' })),
  down('listPageRevisions', "a page's revisions", (fx) => fx.request.get('/api/get_page_revisions.php?slug=home').set('Authorization', fx.admin)),
  down('getPageRevision', "one of a page's revisions", (fx) => fx.request.get('/api/get_page_revision.php?slug=home&version=1').set('Authorization', fx.admin)),
  down('restorePageRevision', "restoring a page's revision", (fx) => postJson(fx, '/api/restore_page_revision.php', { slug: 'home', revision: 1, version: 1 })),
  down('getPagePreviewLink', "a page's preview link", (fx) => fx.request.get('/api/get_page_preview_link.php?slug=home').set('Authorization', fx.admin)),
  down('getAnalytics', 'the page view figures', (fx) => fx.request.get('/api/get_analytics.php').set('Authorization', fx.admin)),
  down('getStats', 'the dashboard figures', (fx) => fx.request.get('/api/get_stats.php').set('Authorization', fx.admin)),
  down('getSettings', 'the public settings', (fx) => fx.request.get('/api/get_settings.php')),
  down('updateSettings', 'saving the settings', (fx) => postJson(fx, '/api/update_settings.php', { name: 'Saved during the outage' })),
  down('listUsers', 'the accounts', (fx) => fx.request.get('/api/get_users.php').set('Authorization', fx.admin)),
  down('addUser', 'a new account', (fx) =>
    postJson(fx, '/api/add_user.php', { name: 'Ravi', email: 'ravi@example.test', role: 'editor', password: 'a long first password' }),
  ),
  down('updateUser', 'a password reset', (fx) => postJson(fx, '/api/update_user.php', { id: fx.t.admin.id, password: 'a long new password' })),
  down('deleteUser', 'removing an account', (fx) => postJson(fx, '/api/delete_user.php', { id: fx.unknownId })),
  down('logout', 'logging out', (fx) => fx.request.post('/api/logout.php').set('Authorization', fx.admin)),
  down('changePassword', 'a password change', (fx) =>
    postJson(fx, '/api/change_password.php', { current_password: fx.t.admin.password, new_password: 'a long new password' }),
  ),
  down('checkPasswordLink', 'a password link', (fx) => postJson(fx, '/api/check_password_link.php', { token: 'x'.repeat(43) }, null)),
  down('resetPassword', 'a password set from a link', (fx) =>
    postJson(fx, '/api/reset_password.php', { token: 'x'.repeat(43), new_password: 'a long new password' }, null),
  ),
  down('inviteUser', 'an invitation', (fx) => postJson(fx, '/api/invite_user.php', { name: 'Ravi', email: 'ravi@example.test', role: 'editor' })),
  down('getMailStatus', 'the mail status', (fx) => fx.request.get('/api/get_mail_status.php').set('Authorization', fx.admin)),
  down('updateMailSettings', 'the notice recipients', (fx) => postJson(fx, '/api/update_mail_settings.php', { notify: [] })),
  down('sendTestMail', 'a test e-mail', (fx) => postJson(fx, '/api/send_test_mail.php', {})),
  down('listOutbox', 'the outbox', (fx) => fx.request.get('/api/get_outbox.php').set('Authorization', fx.admin)),
  down('resendMail', 'sending a mail again', (fx) => postJson(fx, '/api/resend_mail.php', { id: fx.unknownId })),
  down('replyToMessage', 'a reply to a message', (fx) => postJson(fx, '/api/reply_message.php', { id: fx.unknownId, message: 'Thank you' })),
  down('listMessageReplies', 'the replies to a message', (fx) =>
    fx.request.get(`/api/get_message_replies.php?id=${fx.unknownId}`).set('Authorization', fx.admin),
  ),
  down('downloadReceipt', 'a receipt by its link', (fx) =>
    fx.request.get(`/api/download_receipt.php?token=${receiptLinkToken(fx.t.config.jwtSecret, fx.unknownId, new Date())}`),
  ),
  down('listDonations', 'the donations', (fx) => fx.request.get('/api/get_donations.php').set('Authorization', fx.admin)),
  down('getDonationFigures', 'the donation figures', (fx) => fx.request.get('/api/get_donation_figures.php').set('Authorization', fx.admin)),
  down('addDonation', 'a donation recorded by hand', (fx) =>
    postJson(fx, '/api/add_donation.php', { name: 'Ravi', amount: 100, reference: 'OUTAGE12345', received_on: '2026-04-01' }),
  ),
  down('updateDonation', 'a confirmation', (fx) => postJson(fx, '/api/update_donation.php', { id: fx.unknownId, status: 'received' })),
  down('reissueReceipt', 'a reissue', (fx) => postJson(fx, '/api/reissue_receipt.php', { id: fx.unknownId, reason: 'Mistake' })),
  down('getReceipt', 'a receipt', (fx) => fx.request.get(`/api/get_receipt.php?id=${fx.unknownId}`).set('Authorization', fx.admin)),
  down('importBankStatement', 'a bank statement', (fx) => postJson(fx, '/api/import_bank_statement.php', { csv: 'Date,Credit,Ref\n01-04-2026,100,X12345\n' })),
  down('getForm10bd', 'Form 10BD', (fx) => fx.request.get('/api/get_form10bd.php?fy=2026-27').set('Authorization', fx.admin)),
  down('subscribeNewsletter', 'a subscription', (fx) => postJson(fx, '/api/subscribe.php', { email: 'reader@example.org' }, null)),
  down('confirmSubscription', 'a confirmation', (fx) =>
    postJson(fx, '/api/confirm_subscription.php', { token: new LinkTokens(fx.t.config.jwtSecret).make('confirm', fx.unknownId) }, null),
  ),
  down('openUnsubscribe', "the unsubscribe header's address opened", (fx) =>
    fx.request.get(`/api/unsubscribe.php?token=${new LinkTokens(fx.t.config.jwtSecret).make('unsubscribe', fx.unknownId)}`),
  ),
  down('unsubscribe', 'a one-click unsubscribe', (fx) =>
    fx.request
      .post(`/api/unsubscribe.php?token=${new LinkTokens(fx.t.config.jwtSecret).make('unsubscribe', fx.unknownId)}`)
      .type('form')
      .send('List-Unsubscribe=One-Click'),
  ),
  down('listNewsletters', 'the newsletters', (fx) => fx.request.get('/api/get_newsletters.php').set('Authorization', fx.admin)),
  down('sendNewsletter', 'a newsletter sent', (fx) => postJson(fx, '/api/send_newsletter.php', { post_id: fx.unknownId })),
  down('updateNewsletterSettings', 'the sending rate', (fx) => postJson(fx, '/api/update_newsletter_settings.php', { per_minute: 10 })),
  down('listSubscribers', 'the subscribers', (fx) => fx.request.get('/api/get_subscribers.php?limit=10').set('Authorization', fx.admin)),
  down('addSubscriber', 'a subscriber added by hand', (fx) => postJson(fx, '/api/add_subscriber.php', { email: 'reader@example.org', reason: 'Asked' })),
  down('importSubscribers', 'an import', (fx) => postJson(fx, '/api/import_subscribers.php', { csv: 'email\nreader@example.org\n' })),
  down('exportSubscribers', 'the subscribers as CSV', (fx) => fx.request.get('/api/export_subscribers.php').set('Authorization', fx.admin)),
  down('updateSubscriber', 'a bounce cleared', (fx) => postJson(fx, '/api/update_subscriber.php', { email: 'reader@example.org', state: 'subscribed' })),
  down('eraseSubscriber', 'an address erased', (fx) => postJson(fx, '/api/delete_subscriber.php', { email: 'reader@example.org' })),
  down('listCampaigns', 'the campaigns', (fx) => fx.request.get('/api/get_campaigns.php')),
  down('getCampaign', 'one campaign', (fx) => fx.request.get(`/api/get_campaign.php?id=${fx.unknownId}`)),
  down('addCampaign', 'a new campaign', (fx) => postJson(fx, '/api/add_campaign.php', campaignFields())),
  down('updateCampaign', 'a change of a campaign', (fx) => postJson(fx, '/api/update_campaign.php', { id: fx.unknownId, goal: 5 })),
  down('deleteCampaign', 'deleting a campaign', (fx) => postJson(fx, '/api/delete_campaign.php', { id: fx.unknownId })),
  down('getDesignationTotals', 'the totals per campaign and program', (fx) => fx.request.get('/api/get_designation_totals.php').set('Authorization', fx.admin)),
  down('exportDesignationTotals', 'the totals as CSV', (fx) => fx.request.get('/api/export_designation_totals.php').set('Authorization', fx.admin)),
  down('savePledge', 'a monthly pledge', (fx) => postJson(fx, '/api/pledge_save.php', pledgeFields(), null)),
  down('stopPledge', "a reminder's stop link", (fx) => fx.request.get(`/api/stop_pledge.php?token=${stopToken(fx.t.config.jwtSecret, fx.unknownId)}`)),
  down('listPledges', 'the pledges', (fx) => fx.request.get('/api/get_pledges.php').set('Authorization', fx.admin)),
  down('updatePledge', 'pausing a pledge', (fx) => postJson(fx, '/api/update_pledge.php', { id: fx.unknownId, action: 'pause' })),
  down('listEvents', 'the events', (fx) => fx.request.get('/api/get_events.php')),
  down('getEvent', 'one event', (fx) => fx.request.get(`/api/get_event.php?id=${fx.unknownId}`)),
  down('getEventIcs', "an event's calendar file", (fx) => fx.request.get(`/api/get_event_ics.php?id=${fx.unknownId}`)),
  down('listEventsIcs', 'the calendar feed', (fx) => fx.request.get('/api/get_events_ics.php')),
  down('saveRsvp', 'a sign-up', (fx) =>
    postJson(fx, '/api/rsvp_save.php', { event_id: fx.unknownId, name: 'Asha', email: 'asha@example.org', elapsed_ms: 5000 }, null),
  ),
  down('cancelRsvp', 'a cancellation', (fx) => postJson(fx, '/api/cancel_rsvp.php', { token: `${fx.unknownId}.${'x'.repeat(43)}` }, null)),
  down('listAllEvents', "the admin's events", (fx) => fx.request.get('/api/get_all_events.php').set('Authorization', fx.admin)),
  down('addEvent', 'a new event', (fx) => postJson(fx, '/api/add_event.php', campFields())),
  down('updateEvent', 'a change of an event', (fx) => postJson(fx, '/api/update_event.php', { id: fx.unknownId, title: 'Changed' })),
  down('deleteEvent', 'deleting an event', (fx) => postJson(fx, '/api/delete_event.php', { id: fx.unknownId })),
  down('listRsvps', "an event's sign-ups", (fx) => fx.request.get(`/api/get_rsvps.php?event_id=${fx.unknownId}`).set('Authorization', fx.admin)),
  down('updateRsvp', 'a check-in', (fx) => postJson(fx, '/api/update_rsvp.php', { id: fx.unknownId, action: 'check_in' })),
  down('exportRsvps', "an event's sign-ups as CSV", (fx) => fx.request.get(`/api/export_rsvps.php?event_id=${fx.unknownId}`).set('Authorization', fx.admin)),
  down('getContentVersion', 'the published-content version', (fx) => fx.request.get('/api/get_content_version.php')),
  down('openMySession', 'a link used', (fx) => postJson(fx, '/api/open_my_session.php', { token: 'A'.repeat(43) }, null)),
  ...(
    [
      ['endMySession', 'post', '/api/end_my_session.php', {}],
      ['getMyData', 'get', '/api/get_my_data.php'],
      ['updateMyRegistration', 'post', '/api/update_my_registration.php', { id: '65f1c0ffee0000000000abcd', name: 'Asha' }],
      ['withdrawMyRegistration', 'post', '/api/withdraw_my_registration.php', { id: '65f1c0ffee0000000000abcd' }],
      ['getMyReceipt', 'get', '/api/get_my_receipt.php?id=65f1c0ffee0000000000abcd'],
      ['getMyCertificate', 'get', '/api/get_my_certificate.php'],
      ['getMyForm10be', 'get', '/api/get_my_form10be.php?id=65f1c0ffee0000000000abcd'],
      ['updateMyNewsletter', 'post', '/api/update_my_newsletter.php', { lang: 'hi' }],
      ['eraseMe', 'post', '/api/erase_me.php', { confirm: true }],
      ['saveMyNominee', 'post', '/api/save_my_nominee.php', { name: 'Anil', email: 'anil@example.org' }],
      ['deleteMyNominee', 'post', '/api/delete_my_nominee.php', {}],
      ['withdrawMyConsent', 'post', '/api/withdraw_my_consent.php', { purpose: 'contact' }],
      ['raiseMyGrievance', 'post', '/api/raise_my_grievance.php', { message: 'A grievance' }],
    ] as const
  ).map(([operationId, method, path, body]) =>
    down(operationId, `one's own page (the session is read first)`, (fx) =>
      method === 'get' ? fx.request.get(path).set('X-My-Session', 'x'.repeat(43)) : fx.request.post(path).set('X-My-Session', 'x'.repeat(43)).send(body),
    ),
  ),
  down('verifyCertificate', 'a certificate checked', (fx) => fx.request.get('/api/verify_certificate.php?code=0000-0000-0000')),
  down('listVolunteerHours', 'the hours', (fx) => fx.request.get('/api/get_volunteer_hours.php').set('Authorization', fx.admin)),
  down('addVolunteerHours', 'hours recorded', (fx) =>
    postJson(fx, '/api/add_volunteer_hours.php', { volunteer_id: fx.unknownId, hours: 1, date: '2026-04-12' }),
  ),
  down('updateVolunteerHours', 'hours corrected', (fx) => postJson(fx, '/api/update_volunteer_hours.php', { id: fx.unknownId, hours: 1 })),
  down('deleteVolunteerHours', 'hours removed', (fx) => postJson(fx, '/api/delete_volunteer_hours.php', { id: fx.unknownId })),
  down('getCertificate', 'a certificate', (fx) => fx.request.get(`/api/get_certificate.php?volunteer_id=${fx.unknownId}`).set('Authorization', fx.admin)),
  down('mailCertificate', 'a certificate mailed', (fx) => postJson(fx, '/api/mail_certificate.php', { volunteer_id: fx.unknownId })),
  down('listCertificates', 'the certificates', (fx) => fx.request.get(`/api/get_certificates.php?volunteer_id=${fx.unknownId}`).set('Authorization', fx.admin)),
  down('revokeCertificate', 'a certificate revoked', (fx) => postJson(fx, '/api/revoke_certificate.php', { code: '0000-0000-0000', reason: 'x' })),
  ...complianceOutages.map(([operationId, name, send]) => down(operationId, name, send)),
  contractCase('getHealth', 503, 'readiness says the database is down', {
    send: (fx) => fx.request.get('/api/health.php?ready=1'),
    check: (res) => expect(res.body).toEqual({ success: false, status: 'degraded', database: 'down' }),
  }),
  contractCase('getHealth', 200, 'liveness still answers: the process is not dead, so nothing should restart it', {
    send: (fx) => fx.request.get('/api/health.php'),
    check: (res) => expect(res.body.success).toBe(true),
  }),
  // What needs no database keeps working.
  contractCase('getOpenApiDocument', 200, 'the contract is still served', {
    send: (fx) => fx.request.get('/api/openapi.yaml').buffer(true),
  }),
  contractCase('getApiDocs', 200, 'the docs page is still served', { send: (fx) => fx.request.get('/api/docs.php') }),
  // Refusals that come before the database still come first.
  contractCase('addBlog', 401, 'a write without a token is refused without waiting for the database', {
    send: (fx) => postForm(fx, '/api/add_blog.php', { title: 'x' }, [], null),
  }),
  contractCase('saveVolunteer', 400, 'a registration without fields is refused without waiting for the database', {
    send: (fx) => postJson(fx, '/api/volunteer_save.php', {}, null),
  }),
];

const uncovered = contract.operations
  .filter((operation) => operation.responses.has('503'))
  .filter((operation) => !requests.some((definition) => definition.operationId === operation.operationId && definition.status === 503));
if (uncovered.length) throw new Error(`outage.ts sends nothing to ${uncovered.map((operation) => operation.operationId).join(', ')}`);

export const outageCases = defineCases('database stopped', requests, { databaseDown: true });
