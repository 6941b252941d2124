// Every secured operation of openapi.yaml × every credential that must not open it (an editor's
// token opens the operations whose x-roles list editor, and is refused by the others): 401 (with
// WWW-Authenticate) or 403, a JSON refusal, and a database exactly as it was. Each request is
// otherwise valid and aimed at a real item, so a missing check would show as a change.
import { pageSeed } from '@ngo-site/shared/page-seed';
import type { Response, Test } from 'supertest';
import { expect } from 'vitest';
import { contract, contractCase, defineCases } from '../support/cases.js';
import type { Fixture } from '../support/fixture.js';
import { image, postForm, postJson } from '../support/requests.js';
import { refusedCredentials } from '../support/tokens.js';
import { campaignFields } from '../../campaigns.js';
import { campFields } from '../../events.js';
import { complianceAdminRequests } from './compliance.js';

type AdminRequest = (fx: Fixture, authorization: string | null) => Promise<Response>;

const camp = { title: 'Sneaked in', category: 'health', caption: 'should not exist' };
const defacedHome = { ...pageSeed.home, hero: { ...pageSeed.home.hero, title: { en: 'Defaced', hi: '' } } };

const adminRequests: Record<string, AdminRequest> = {
  addBlog: async (fx, auth) => postForm(fx, '/api/add_blog.php', { title: 'Sneaked in' }, [image(fx.images.jpeg)], auth),
  updateBlog: async (fx, auth) => postForm(fx, '/api/update_blog.php', { id: (await fx.sharedBlog()).id, title: 'Defaced' }, [image(fx.images.png)], auth),
  deleteBlog: async (fx, auth) => postJson(fx, '/api/delete_blog.php', { id: (await fx.sharedBlog()).id }, auth),
  addGalleryImage: async (fx, auth) => postForm(fx, '/api/add_gallery_image.php', camp, [image(fx.images.jpeg)], auth),
  updateGalleryImage: async (fx, auth) =>
    postForm(fx, '/api/update_gallery_image.php', { id: (await fx.sharedGalleryItem()).id, ...camp }, [image(fx.images.png)], auth),
  deleteGalleryImage: async (fx, auth) => postJson(fx, '/api/gallery_delete.php', { id: (await fx.sharedGalleryItem()).id }, auth),
  uploadMedia: async (fx, auth) => postForm(fx, '/api/upload_media.php', { alt: 'Sneaked in' }, [image(fx.images.jpeg)], auth),
  listMedia: async (fx, auth) => withAuth(fx.request.get('/api/get_media.php'), auth),
  updateMedia: async (fx, auth) => postJson(fx, '/api/update_media.php', { id: await fx.sharedImageId(), alt: 'Defaced' }, auth),
  deleteMedia: async (fx, auth) => postJson(fx, '/api/delete_media.php', { id: await fx.sharedImageId(), force: true }, auth),
  listVolunteers: async (fx, auth) => withAuth(fx.request.get('/api/get_volunteers.php'), auth),
  exportVolunteers: async (fx, auth) => withAuth(fx.request.get('/api/export_volunteers.php'), auth),
  getStats: async (fx, auth) => withAuth(fx.request.get('/api/get_stats.php'), auth),
  deleteVolunteer: async (fx, auth) => postJson(fx, '/api/delete_volunteer.php', { email: 'sneak@example.org' }, auth),
  listMessages: async (fx, auth) => withAuth(fx.request.get('/api/get_messages.php'), auth),
  listAuditLog: async (fx, auth) => withAuth(fx.request.get('/api/get_audit_log.php'), auth),
  updateMessage: async (fx, auth) => postJson(fx, '/api/update_message.php', { id: fx.unknownId, read: true }, auth),
  deleteMessage: async (fx, auth) => postJson(fx, '/api/delete_message.php', { id: fx.unknownId }, auth),
  listAllBlogs: async (fx, auth) => withAuth(fx.request.get('/api/get_all_blogs.php'), auth),
  getAnalytics: async (fx, auth) => withAuth(fx.request.get('/api/get_analytics.php?days=7'), auth),
  listBlogRevisions: async (fx, auth) => withAuth(fx.request.get(`/api/get_blog_revisions.php?id=${(await fx.sharedBlog()).id}`), auth),
  getBlogRevision: async (fx, auth) => withAuth(fx.request.get(`/api/get_blog_revision.php?id=${(await fx.sharedBlog()).id}&version=1`), auth),
  restoreBlogRevision: async (fx, auth) => postJson(fx, '/api/restore_blog_revision.php', { id: (await fx.sharedBlog()).id, revision: 1, version: 1 }, auth),
  autosaveBlog: async (fx, auth) => postJson(fx, '/api/autosave_blog.php', { post: (await fx.sharedBlog()).id, title: 'Sneaked in' }, auth),
  getBlogAutosave: async (fx, auth) => withAuth(fx.request.get(`/api/get_blog_autosave.php?post=${(await fx.sharedBlog()).id}`), auth),
  discardBlogAutosave: async (fx, auth) => postJson(fx, '/api/discard_blog_autosave.php', { post: 'new' }, auth),
  previewBlog: async (fx, auth) => withAuth(fx.request.get(`/api/preview_blog.php?id=${(await fx.sharedBlog()).id}`), auth),
  getBlogPreviewLink: async (fx, auth) => withAuth(fx.request.get(`/api/get_blog_preview_link.php?id=${(await fx.sharedBlog()).id}`), auth),
  updateSettings: async (fx, auth) => postJson(fx, '/api/update_settings.php', { name: 'Defaced', phones: ['+91 90000 00000'] }, auth),
  listUsers: async (fx, auth) => withAuth(fx.request.get('/api/get_users.php'), auth),
  addUser: async (fx, auth) =>
    postJson(fx, '/api/add_user.php', { name: 'Intruder', email: 'intruder@example.test', role: 'admin', password: 'an intruder password' }, auth),
  updateUser: async (fx, auth) => postJson(fx, '/api/update_user.php', { id: fx.t.admin.id, password: 'a hijacked password' }, auth),
  deleteUser: async (fx, auth) => postJson(fx, '/api/delete_user.php', { id: (await fx.editor()).id }, auth),
  logout: async (fx, auth) => withAuth(fx.request.post('/api/logout.php'), auth),
  inviteUser: async (fx, auth) => postJson(fx, '/api/invite_user.php', { name: 'Intruder', email: 'invited-intruder@example.test', role: 'admin' }, auth),
  getMailStatus: async (fx, auth) => withAuth(fx.request.get('/api/get_mail_status.php'), auth),
  updateMailSettings: async (fx, auth) => postJson(fx, '/api/update_mail_settings.php', { notify: ['intruder@example.test'] }, auth),
  sendTestMail: async (fx, auth) => postJson(fx, '/api/send_test_mail.php', { to: 'intruder@example.test' }, auth),
  listOutbox: async (fx, auth) => withAuth(fx.request.get('/api/get_outbox.php'), auth),
  resendMail: async (fx, auth) => postJson(fx, '/api/resend_mail.php', { id: fx.unknownId }, auth),
  replyToMessage: async (fx, auth) => postJson(fx, '/api/reply_message.php', { id: fx.unknownId, message: 'Sneaked reply' }, auth),
  listMessageReplies: async (fx, auth) => withAuth(fx.request.get(`/api/get_message_replies.php?id=${fx.unknownId}`), auth),
  listDonations: async (fx, auth) => withAuth(fx.request.get('/api/get_donations.php'), auth),
  getDonationFigures: async (fx, auth) => withAuth(fx.request.get('/api/get_donation_figures.php'), auth),
  addDonation: async (fx, auth) =>
    postJson(fx, '/api/add_donation.php', { name: 'Sneaked in', amount: 1, reference: 'SNEAK12345', received_on: '2026-04-01' }, auth),
  updateDonation: async (fx, auth) => postJson(fx, '/api/update_donation.php', { id: fx.unknownId, status: 'received' }, auth),
  reissueReceipt: async (fx, auth) => postJson(fx, '/api/reissue_receipt.php', { id: fx.unknownId, reason: 'Sneaked in' }, auth),
  getReceipt: async (fx, auth) => withAuth(fx.request.get(`/api/get_receipt.php?id=${fx.unknownId}`), auth),
  importBankStatement: async (fx, auth) => postJson(fx, '/api/import_bank_statement.php', { csv: 'Date,Credit,Ref\n01-04-2026,100,SNEAK12345\n' }, auth),
  getForm10bd: async (fx, auth) => withAuth(fx.request.get('/api/get_form10bd.php?fy=2026-27'), auth),
  listPages: async (fx, auth) => withAuth(fx.request.get('/api/get_pages.php'), auth),
  updatePage: async (fx, auth) => postJson(fx, '/api/update_page.php', { slug: 'home', version: 1, content: defacedHome }, auth),
  discardPageDraft: async (fx, auth) => postJson(fx, '/api/discard_page_draft.php', { slug: 'home', version: 1 }, auth),
  resetPage: async (fx, auth) => postJson(fx, '/api/reset_page.php', { slug: 'home' }, auth),
  listPageRevisions: async (fx, auth) => withAuth(fx.request.get('/api/get_page_revisions.php?slug=home'), auth),
  getPageRevision: async (fx, auth) => withAuth(fx.request.get('/api/get_page_revision.php?slug=home&version=1'), auth),
  restorePageRevision: async (fx, auth) => postJson(fx, '/api/restore_page_revision.php', { slug: 'home', revision: 1, version: 1 }, auth),
  getPagePreviewLink: async (fx, auth) => withAuth(fx.request.get('/api/get_page_preview_link.php?slug=home'), auth),
  listNewsletters: async (fx, auth) => withAuth(fx.request.get('/api/get_newsletters.php'), auth),
  sendNewsletter: async (fx, auth) => postJson(fx, '/api/send_newsletter.php', { post_id: (await fx.sharedBlog()).id, test_to: 'intruder@example.test' }, auth),
  updateNewsletterSettings: async (fx, auth) => postJson(fx, '/api/update_newsletter_settings.php', { per_minute: 1 }, auth),
  listSubscribers: async (fx, auth) => withAuth(fx.request.get('/api/get_subscribers.php'), auth),
  addSubscriber: async (fx, auth) => postJson(fx, '/api/add_subscriber.php', { email: 'sneak@example.org', reason: 'Sneaked in' }, auth),
  importSubscribers: async (fx, auth) => postJson(fx, '/api/import_subscribers.php', { csv: 'email\nsneak@example.org\n', consent_source: 'Sneaked in' }, auth),
  exportSubscribers: async (fx, auth) => withAuth(fx.request.get('/api/export_subscribers.php'), auth),
  updateSubscriber: async (fx, auth) => postJson(fx, '/api/update_subscriber.php', { email: 'sneak@example.org', state: 'unsubscribed' }, auth),
  eraseSubscriber: async (fx, auth) => postJson(fx, '/api/delete_subscriber.php', { email: 'sneak@example.org' }, auth),
  listAllEvents: async (fx, auth) => withAuth(fx.request.get('/api/get_all_events.php'), auth),
  addEvent: async (fx, auth) => postJson(fx, '/api/add_event.php', campFields({ title: 'Sneaked in' }), auth),
  updateEvent: async (fx, auth) => postJson(fx, '/api/update_event.php', { id: (await fx.sharedRsvp()).eventId, status: 'cancelled' }, auth),
  deleteEvent: async (fx, auth) => postJson(fx, '/api/delete_event.php', { id: (await fx.sharedRsvp()).eventId }, auth),
  listRsvps: async (fx, auth) => withAuth(fx.request.get(`/api/get_rsvps.php?event_id=${(await fx.sharedRsvp()).eventId}`), auth),
  updateRsvp: async (fx, auth) => postJson(fx, '/api/update_rsvp.php', { id: (await fx.sharedRsvp()).rsvpId, action: 'cancel' }, auth),
  exportRsvps: async (fx, auth) => withAuth(fx.request.get(`/api/export_rsvps.php?event_id=${(await fx.sharedRsvp()).eventId}`), auth),
  changePassword: async (fx, auth) =>
    postJson(fx, '/api/change_password.php', { current_password: fx.t.admin.password, new_password: 'a hijacked password' }, auth),
  addCampaign: async (fx, auth) => postJson(fx, '/api/add_campaign.php', campaignFields({ title: 'Sneaked in' }), auth),
  updateCampaign: async (fx, auth) => postJson(fx, '/api/update_campaign.php', { id: await fx.sharedCampaign(), goal: 1 }, auth),
  deleteCampaign: async (fx, auth) => postJson(fx, '/api/delete_campaign.php', { id: await fx.sharedCampaign() }, auth),
  getDesignationTotals: async (fx, auth) => withAuth(fx.request.get('/api/get_designation_totals.php'), auth),
  exportDesignationTotals: async (fx, auth) => withAuth(fx.request.get('/api/export_designation_totals.php'), auth),
  listPledges: async (fx, auth) => withAuth(fx.request.get('/api/get_pledges.php'), auth),
  updatePledge: async (fx, auth) => postJson(fx, '/api/update_pledge.php', { id: await fx.sharedPledge(), action: 'stop' }, auth),
  listVolunteerHours: async (fx, auth) => withAuth(fx.request.get('/api/get_volunteer_hours.php'), auth),
  addVolunteerHours: async (fx, auth) =>
    postJson(fx, '/api/add_volunteer_hours.php', { volunteer_id: (await fx.sharedVolunteer()).id, hours: 1, date: '2026-04-12' }, auth),
  updateVolunteerHours: async (fx, auth) => postJson(fx, '/api/update_volunteer_hours.php', { id: (await fx.sharedHours()).id, hours: 9 }, auth),
  deleteVolunteerHours: async (fx, auth) => postJson(fx, '/api/delete_volunteer_hours.php', { id: (await fx.sharedHours()).id }, auth),
  getCertificate: async (fx, auth) => withAuth(fx.request.get(`/api/get_certificate.php?volunteer_id=${(await fx.sharedVolunteer()).id}`), auth),
  mailCertificate: async (fx, auth) => postJson(fx, '/api/mail_certificate.php', { volunteer_id: (await fx.sharedVolunteer()).id }, auth),
  listCertificates: async (fx, auth) => withAuth(fx.request.get(`/api/get_certificates.php?volunteer_id=${(await fx.sharedVolunteer()).id}`), auth),
  revokeCertificate: async (fx, auth) => postJson(fx, '/api/revoke_certificate.php', { code: await fx.sharedCertificate(), reason: 'Sneaked in' }, auth),
  ...complianceAdminRequests,
};

function withAuth(req: Test, authorization: string | null) {
  return authorization === null ? req : req.set('Authorization', authorization);
}

/** Every item the requests aim at and the editor account, made once per file. */
export async function makeSharedItems(fx: Fixture) {
  await fx.sharedBlog();
  await fx.sharedGalleryItem();
  await fx.sharedCampaign();
  await fx.sharedPledge();
  await fx.sharedRsvp();
  await fx.editor();
  await fx.sharedCertificate();
}

const securedOperations = contract.operations.filter((operation) => operation.adminOnly);
const adminOperations = securedOperations.map((operation) => operation.operationId);
const withoutRequest = adminOperations.filter((operationId) => !adminRequests[operationId]);
if (withoutRequest.length) throw new Error(`auth-matrix.ts has no request for the admin operations ${withoutRequest.join(', ')}`);

export const authMatrixCases = defineCases(
  'auth matrix',
  securedOperations.flatMap(({ operationId, roles }) =>
    refusedCredentials
      .filter((credential) => !credential.role || !roles.includes(credential.role))
      .map((credential) =>
        contractCase(operationId, credential.statusFor?.(roles) ?? credential.status, credential.name, {
          // Shared items exist before the "before" snapshot, so creating them is not a change.
          arrange: async (fx) => {
            await makeSharedItems(fx);
            return credential.header(fx);
          },
          send: (fx, authorization) => adminRequests[operationId]!(fx, authorization),
          check: (res) => {
            if (credential.message) expect(res.body.message).toBe(credential.message);
            expect(res.body.data).toBeUndefined();
            expect(res.body.token).toBeUndefined();
          },
        }),
      ),
  ),
);
