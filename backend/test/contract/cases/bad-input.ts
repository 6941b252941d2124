// The bad-input catalogue: requests a careless or hostile client sends. Each must get one clear
// 4xx JSON refusal that matches openapi.yaml (never a 5xx), and the runner proves the database
// (documents, GridFS files and chunks) is exactly as before and no file is orphaned.
import { expect } from 'vitest';
import { pageSeed } from '@ngo-site/shared/page-seed';
import type { Response } from 'supertest';
import { contract, contractCase, defineCases, type ContractCase } from '../support/cases.js';
import type { Fixture } from '../support/fixture.js';
import { rawRequest } from '../support/raw-http.js';
import { image, images, postForm, postJson } from '../support/requests.js';
import { volunteer } from './accounts-and-meta.js';
import { donorReport } from './donations.js';
import { contactMessage } from './inbox.js';
import { campaignFields } from '../../campaigns.js';
import { pledgeFields } from '../../pledges.js';
import { campFields } from '../../events.js';
import { someSession } from './supporters.js';
import { complianceJsonBodies } from './compliance.js';

const bad = (
  operationId: string,
  status: number,
  name: string,
  send: (fx: Fixture) => PromiseLike<Response>,
  check?: (res: Response, fx: Fixture) => void | Promise<void>,
): ContractCase => contractCase(operationId, status, name, { send, check });

const login = (fx: Fixture, body: unknown) => postJson(fx, '/api/login.php', body, null);
const saveVolunteer = (fx: Fixture, body: unknown) => postJson(fx, '/api/volunteer_save.php', body, null);
const addBlog = (fx: Fixture, fields: Record<string, string>, files = [image(fx.images.jpeg)]) => postForm(fx, '/api/add_blog.php', fields, files);
const fieldError = (field: string) => (res: Response) => expect(res.body.errors, JSON.stringify(res.body)).toContainEqual(expect.objectContaining({ field }));

// Operator objects where a string belongs: each would widen a query if it reached one.
const operators: [string, unknown][] = [
  ['{"$gt":""}', { $gt: '' }],
  ['{"$ne":null}', { $ne: null }],
  ['{"$where":"sleep(500)"}', { $where: 'sleep(500)' }],
];
// A valid body per JSON operation; the operator objects replace one field at a time.
const validJsonBodies: Record<string, (fx: Fixture) => Record<string, unknown>> = {
  login: (fx) => ({ email: fx.t.admin.email, password: fx.t.admin.password }),
  saveVolunteer: () => ({ ...volunteer }),
  deleteBlog: (fx) => ({ id: fx.unknownId }),
  restoreBlogRevision: (fx) => ({ id: fx.unknownId, revision: 1, version: 1 }),
  autosaveBlog: () => ({ post: 'new', title: 'Typing' }),
  discardBlogAutosave: () => ({ post: 'new' }),
  deleteGalleryImage: (fx) => ({ id: fx.unknownId }),
  updateMedia: (fx) => ({ id: fx.unknownId, alt: 'A photo', caption: 'A caption', name: 'photo.jpg' }),
  deleteMedia: (fx) => ({ id: fx.unknownId }),
  saveContactMessage: () => ({ ...contactMessage }),
  updateMessage: (fx) => ({ id: fx.unknownId, read: true }),
  deleteMessage: (fx) => ({ id: fx.unknownId }),
  deleteVolunteer: () => ({ email: 'nobody@example.org' }),
  trackPageView: () => ({ path: '/blog', referrer: 'https://example.org/' }),
  updateSettings: () => ({ name: 'Asha Foundation' }),
  addUser: () => ({ name: 'Ravi', email: 'ravi@example.test', role: 'editor', password: 'a long first password' }),
  updateUser: (fx) => ({ id: fx.unknownId, name: 'Ravi' }),
  deleteUser: (fx) => ({ id: fx.unknownId }),
  changePassword: (fx) => ({ current_password: fx.t.admin.password, new_password: 'a long new password' }),
  requestPasswordReset: () => ({ email: 'nobody@example.org' }),
  checkPasswordLink: () => ({ token: 'x'.repeat(43) }),
  resetPassword: () => ({ token: 'x'.repeat(43), new_password: 'a long new password' }),
  inviteUser: () => ({ name: 'Ravi', email: 'ravi@example.test', role: 'editor' }),
  updateMailSettings: () => ({ notify: [] }),
  sendTestMail: () => ({ to: 'nobody@example.org' }),
  resendMail: (fx) => ({ id: fx.unknownId }),
  replyToMessage: (fx) => ({ id: fx.unknownId, message: 'Thank you' }),
  saveDonation: () => ({ ...donorReport, reference: '412345678998' }),
  addDonation: () => ({ name: 'Ravi', amount: 100, reference: 'BADINPUT123', received_on: '2026-04-01' }),
  updateDonation: (fx) => ({ id: fx.unknownId, status: 'rejected', reason: 'Not found' }),
  reissueReceipt: (fx) => ({ id: fx.unknownId, reason: 'Mistake' }),
  importBankStatement: () => ({ csv: 'Date,Credit,Ref\n01-04-2026,100,X12345\n' }),
  updatePage: () => ({ slug: 'home', version: 1, content: pageSeed.home }),
  discardPageDraft: () => ({ slug: 'home', version: 1 }),
  resetPage: () => ({ slug: 'home' }),
  restorePageRevision: () => ({ slug: 'home', revision: 1, version: 1 }),
  subscribeNewsletter: () => ({ email: 'reader@example.org', name: 'Reader', language: 'en', page: '/blog', website: '', elapsed_ms: 6000 }),
  confirmSubscription: () => ({ token: 'x'.repeat(44) }),
  sendNewsletter: (fx) => ({ post_id: fx.unknownId, test_to: 'proofreader@example.org' }),
  updateNewsletterSettings: () => ({ per_minute: 60 }),
  addSubscriber: () => ({ email: 'reader@example.org', name: 'Reader', language: 'en', reason: 'Asked at the camp' }),
  importSubscribers: () => ({ csv: 'email\nreader@example.org\n', consent_source: 'Paper sheets' }),
  updateSubscriber: () => ({ email: 'reader@example.org', language: 'hi', state: 'unsubscribed' }),
  eraseSubscriber: () => ({ email: 'reader@example.org' }),
  addCampaign: () => campaignFields(),
  updateCampaign: (fx) => ({ id: fx.unknownId, title: 'Renamed' }),
  deleteCampaign: (fx) => ({ id: fx.unknownId }),
  savePledge: () => pledgeFields(),
  updatePledge: (fx) => ({ id: fx.unknownId, action: 'pause' }),
  saveRsvp: (fx) => ({ event_id: fx.unknownId, name: 'Asha', email: 'asha@example.org', website: '', elapsed_ms: 5000 }),
  cancelRsvp: (fx) => ({ token: `${fx.unknownId}.${'x'.repeat(43)}` }),
  addEvent: () => campFields(),
  updateEvent: (fx) => ({ id: fx.unknownId, title: 'Renamed' }),
  deleteEvent: (fx) => ({ id: fx.unknownId }),
  updateRsvp: (fx) => ({ id: fx.unknownId, action: 'check_in' }),
  requestMyLink: () => ({ email: 'nobody@example.org', elapsed_ms: 5000 }),
  openMySession: () => ({ token: 'x'.repeat(43) }),
  updateMyRegistration: (fx) => ({ id: fx.unknownId, name: 'Asha', mobile: '9876543210', address: 'Ranchi' }),
  withdrawMyRegistration: (fx) => ({ id: fx.unknownId }),
  eraseMe: () => ({ confirm: true }),
  saveMyNominee: () => ({ name: 'Anil', email: 'anil@example.org' }),
  withdrawMyConsent: () => ({ purpose: 'contact' }),
  raiseMyGrievance: () => ({ message: 'A grievance' }),
  updateMyNewsletter: () => ({ lang: 'hi' }),
  addVolunteerHours: (fx) => ({ volunteer_id: fx.unknownId, hours: 1, date: '2026-04-12', note: 'x', program: 'education' }),
  updateVolunteerHours: (fx) => ({ id: fx.unknownId, hours: 1, date: '2026-04-12', note: 'x', program: 'education' }),
  deleteVolunteerHours: (fx) => ({ id: fx.unknownId }),
  mailCertificate: (fx) => ({ volunteer_id: fx.unknownId, lang: 'en' }),
  revokeCertificate: () => ({ code: '0000-0000-0000', reason: 'x' }),
  ...complianceJsonBodies,
};

type Schema = { $ref?: string; properties?: Record<string, Schema>; allOf?: Schema[]; type?: unknown };
const resolve = (schema: Schema): Schema => {
  if (!schema.$ref) return schema;
  let target: unknown = contract.document;
  for (const part of schema.$ref.replace(/^#\//, '').split('/')) target = (target as Record<string, unknown>)[part];
  return resolve(target as Schema);
};
const propertiesOf = (schema: Schema): Record<string, Schema> => {
  const resolved = resolve(schema);
  return Object.assign({}, ...(resolved.allOf ?? []).map(propertiesOf), resolved.properties ?? {});
};

// Every string field of every JSON body in openapi.yaml, so a field added there is covered here.
const jsonOperations = contract.operations.filter((operation) => operation.bodyMediaType === 'application/json');
const withoutBody = jsonOperations.filter((operation) => !validJsonBodies[operation.operationId]);
if (withoutBody.length) throw new Error(`bad-input.ts has no valid body for ${withoutBody.map((operation) => operation.operationId).join(', ')}`);
const operatorCases = jsonOperations.flatMap((operation) =>
  Object.entries(propertiesOf(operation.bodySchema as Schema))
    .filter(([, schema]) => resolve(schema).type === 'string')
    .flatMap(([field]) =>
      operators.map(([label, value]) =>
        bad(
          operation.operationId,
          400,
          `${label} as ${field}`,
          async (fx) => {
            const request = postJson(
              fx,
              operation.path,
              { ...validJsonBodies[operation.operationId]!(fx), [field]: value },
              operation.adminOnly ? fx.admin : null,
            );
            return operation.supporterSession ? request.set('X-My-Session', await someSession(fx)) : request;
          },
          fieldError(field),
        ),
      ),
    ),
);

const deeplyNested = (depth: number) => `{"name":${'['.repeat(depth)}"x"${']'.repeat(depth)},"email":"a@b.org","mobile":"9876543210","address":"x"}`;
const boundary = '----contract-test-boundary';

export const badInputCases = defineCases('bad input', [
  // Bodies that are not a JSON object.
  bad(
    'login',
    400,
    'malformed JSON',
    (fx) => login(fx, '{"email": "admin@example.test", "password": '),
    (res) => expect(res.body.message).toBe('Malformed JSON body: the request could not be read as JSON'),
  ),
  bad('login', 400, 'a JSON array instead of an object', (fx) => login(fx, '[{"email":"a@b.org","password":"x"}]')),
  bad('saveVolunteer', 400, 'JSON null', (fx) => saveVolunteer(fx, 'null')),
  bad('saveVolunteer', 400, 'a bare JSON string', (fx) => saveVolunteer(fx, '"Asha"')),
  bad('saveVolunteer', 400, 'a bare JSON number', (fx) => saveVolunteer(fx, '42')),
  bad('saveVolunteer', 400, 'JSON with trailing garbage', (fx) => saveVolunteer(fx, `${JSON.stringify(volunteer)} and more`)),
  bad(
    'saveVolunteer',
    400,
    'no body at all',
    (fx) => fx.request.post('/api/volunteer_save.php').set('Content-Type', 'application/json'),
    (res) => expect(res.body.message).toBe('Please fill all required fields'),
  ),
  bad(
    'saveVolunteer',
    400,
    'an empty Idempotency-Key (the header sent, with no key)',
    (fx) => fx.request.post('/api/volunteer_save.php').set('Idempotency-Key', '').send(volunteer),
    fieldError('idempotency-key'),
  ),
  bad('saveVolunteer', 400, 'a name nested 50 000 arrays deep', (fx) => saveVolunteer(fx, deeplyNested(50_000)), fieldError('name')),
  // Wrong types.
  bad('saveVolunteer', 400, 'numbers for strings', (fx) => saveVolunteer(fx, { ...volunteer, name: 123, mobile: 9876543210 }), fieldError('mobile')),
  bad('saveVolunteer', 400, 'a boolean for about', (fx) => saveVolunteer(fx, { ...volunteer, about: true }), fieldError('about')),
  bad('saveVolunteer', 400, 'an array for the name', (fx) => saveVolunteer(fx, { ...volunteer, name: ['Asha', 'Kumari'] }), fieldError('name')),
  bad('deleteBlog', 400, 'a number as id', (fx) => postJson(fx, '/api/delete_blog.php', { id: 65 }), fieldError('id')),
  bad('deleteBlog', 400, 'an extended-JSON ObjectId as id', (fx) => postJson(fx, '/api/delete_blog.php', { id: { $oid: fx.unknownId } }), fieldError('id')),
  // Operator objects in every string field of every JSON body.
  ...operatorCases,
  // Keys that must never be accepted.
  bad('login', 400, 'a top-level $where', (fx) => login(fx, { email: fx.t.admin.email, password: 'x', $where: 'return true' })),
  bad('saveVolunteer', 400, 'a top-level $where', (fx) => saveVolunteer(fx, { ...volunteer, $where: 'return true' })),
  bad('login', 400, '__proto__ with role admin', (fx) => login(fx, `{"email":"${fx.t.admin.email}","password":"wrong","__proto__":{"role":"admin"}}`)),
  bad('saveVolunteer', 400, 'a __proto__ key', (fx) => saveVolunteer(fx, `${JSON.stringify(volunteer).slice(0, -1)},"__proto__":{"isAdmin":true}}`)),
  bad('saveVolunteer', 400, 'a constructor.prototype key', (fx) => saveVolunteer(fx, { ...volunteer, constructor: { prototype: { isAdmin: true } } })),
  bad(
    'saveVolunteer',
    400,
    'an unknown field (additionalProperties: false)',
    (fx) => saveVolunteer(fx, { ...volunteer, role: 'admin' }),
    (res) => expect(res.body.message).toMatch(/\brole\b/i),
  ),
  bad('deleteGalleryImage', 400, 'an unknown field next to the id', (fx) => postJson(fx, '/api/gallery_delete.php', { id: fx.unknownId, all: true })),
  // Lengths and formats.
  bad('saveVolunteer', 400, 'a name over 100 characters', (fx) => saveVolunteer(fx, { ...volunteer, name: 'A'.repeat(101) }), fieldError('name')),
  bad(
    'saveVolunteer',
    400,
    'a 900 KB about (under the body limit, over maxLength)',
    (fx) => saveVolunteer(fx, { ...volunteer, about: 'a'.repeat(900_000) }),
    fieldError('about'),
  ),
  bad('login', 400, 'an e-mail over 254 characters', (fx) => login(fx, { email: `${'a'.repeat(250)}@example.org`, password: 'x' })),
  bad('login', 400, 'a password over 1024 characters', (fx) => login(fx, { email: fx.t.admin.email, password: 'p'.repeat(1025) })),
  bad('saveVolunteer', 400, 'an e-mail without @', (fx) => saveVolunteer(fx, { ...volunteer, email: 'asha.example.org' }), fieldError('email')),
  bad('saveVolunteer', 400, 'the 30th of February', (fx) => saveVolunteer(fx, { ...volunteer, start_date: '2025-02-30' }), fieldError('start_date')),
  bad('saveVolunteer', 400, 'a gender outside the list', (fx) => saveVolunteer(fx, { ...volunteer, gender: 'Robot' }), fieldError('gender')),
  bad('addBlog', 400, 'a title over 200 characters', (fx) => addBlog(fx, { title: 'T'.repeat(201) }), fieldError('title')),
  bad('addBlog', 400, 'content over 200 000 characters', (fx) => addBlog(fx, { title: 'Long', content: 'c'.repeat(200_001) }), fieldError('content')),
  bad('addBlog', 400, 'a date that does not exist', (fx) => addBlog(fx, { title: 'Dated', date: '2024-13-45' }), fieldError('date')),
  // Ids.
  bad('deleteBlog', 400, '24 characters that are not hex', (fx) => postJson(fx, '/api/delete_blog.php', { id: 'zzzzzzzzzzzzzzzzzzzzzzzz' })),
  bad('deleteBlog', 404, 'a well-formed id no post has', (fx) => postJson(fx, '/api/delete_blog.php', { id: fx.unknownId })),
  bad('getBlog', 400, 'the id twice', (fx) => fx.request.get(`/api/get_blog.php?id=${fx.unknownId}&id=${fx.unknownId}`)),
  bad('getBlog', 400, 'id[$ne]= in the query', (fx) => fx.request.get('/api/get_blog.php?id[$ne]=x')),
  bad('updateGalleryImage', 400, 'the text {"$ne":null} as id of a form', (fx) =>
    postForm(fx, '/api/update_gallery_image.php', { id: '{"$ne":null}', title: 'x', category: 'health' }),
  ),
  bad('updateBlog', 400, 'a form field named id[$ne]', (fx) => postForm(fx, '/api/update_blog.php', { 'id[$ne]': 'x', title: 'x' })),
  // Content types and broken bodies.
  bad('saveVolunteer', 415, 'text/plain', (fx) => fx.request.post('/api/volunteer_save.php').set('Content-Type', 'text/plain').send(JSON.stringify(volunteer))),
  bad('login', 415, 'no Content-Type with a body', (fx) =>
    rawRequest(fx.t.url, { path: '/api/login.php', headers: { 'Content-Length': '2' }, chunks: ['{}'] }),
  ),
  bad('addBlog', 400, 'multipart without a boundary', (fx) =>
    fx.request.post('/api/add_blog.php').set('Authorization', fx.admin).set('Content-Type', 'multipart/form-data').send('title=Hello'),
  ),
  bad('addGalleryImage', 400, 'an upload cut off in the middle of a file', (fx) => {
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nCut\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\nhealth\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      fx.images.jpeg.subarray(0, 500),
    ]);
    return rawRequest(fx.t.url, {
      path: '/api/add_gallery_image.php',
      headers: { Authorization: fx.admin, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(body.length) },
      chunks: [body],
    });
  }),
  bad('saveVolunteer', 413, 'a 1.2 MB JSON body sent in chunks without Content-Length', (fx) =>
    rawRequest(fx.t.url, {
      path: '/api/volunteer_save.php',
      headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      chunks: ['{"about":"', ...Array.from({ length: 12 }, () => 'a'.repeat(100_000)), '"}'],
    }),
  ),
  // Files.
  bad('addBlog', 415, 'a text file named .jpg', (fx) => addBlog(fx, { title: 'x' }, [image(fx.images.text, 'notes.jpg')])),
  bad(
    'addBlog',
    415,
    'a truncated JPEG',
    (fx) => addBlog(fx, { title: 'x' }, [image(fx.images.truncatedJpeg, 'half.jpg')]),
    (res) => expect(res.body.message).toContain('half.jpg'),
  ),
  bad('addBlog', 415, 'a zero-byte file named .jpg', (fx) => addBlog(fx, { title: 'x' }, [image(fx.images.empty, 'empty.jpg')])),
  bad('addGalleryImage', 415, 'an SVG named .png', (fx) =>
    postForm(fx, '/api/add_gallery_image.php', { title: 'x', category: 'health' }, [
      image(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.png'),
    ]),
  ),
  bad('addGalleryImage', 415, 'a PDF at the end of a batch of good images', (fx) =>
    postForm(
      fx,
      '/api/add_gallery_image.php',
      { title: 'x', category: 'health' },
      images([fx.images.jpeg, 'a.jpg'], [fx.images.png, 'b.png'], [Buffer.from('%PDF-1.7\n%âãÏÓ\n'), 'c.jpg']),
    ),
  ),
  bad('addGalleryImage', 413, 'an oversized file', (fx) =>
    postForm(fx, '/api/add_gallery_image.php', { title: 'x', category: 'health' }, [image(fx.images.oversized, 'big.png')]),
  ),
  bad(
    'addGalleryImage',
    413,
    'a 200-byte PNG claiming 100 000 × 100 000 pixels',
    (fx) => postForm(fx, '/api/add_gallery_image.php', { title: 'x', category: 'health' }, [image(fx.images.pixelBomb, 'bomb.png')]),
    (res) => expect(res.body.message).toContain('bomb.png'),
  ),
  bad(
    'addBlog',
    400,
    'the title sent as a file',
    (fx) => addBlog(fx, {}, [{ field: 'title', data: fx.images.jpeg, filename: 'title.jpg' }]),
    fieldError('title'),
  ),
  bad(
    'addGalleryImage',
    413,
    '150 form fields (the form takes at most 100): the answer says what is too many',
    (fx) =>
      postForm(fx, '/api/add_gallery_image.php', Object.fromEntries(Array.from({ length: 150 }, (_, index) => [`field${index}`, 'x'])), [
        image(fx.images.jpeg),
      ]),
    (res) =>
      // The request is a few kilobytes: naming the 50 MB size limit would send the person astray.
      expect(res.body.message).not.toMatch(/MB/),
  ),
  bad(
    'addBlog',
    413,
    '1.1 MB of text fields in a form (the text limit is 1 MB): the answer names that limit',
    (fx) => addBlog(fx, { title: 'Long', content: 'c'.repeat(1_100_000) }, []),
    (res) => expect(res.body.message).not.toMatch(/50 MB/),
  ),
  bad(
    'login',
    400,
    'an e-mail nested 20 000 objects deep',
    (fx) => login(fx, `{"email":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)},"password":"x"}`),
    fieldError('email'),
  ),
  bad(
    'updateBlog',
    400,
    'a blank title (a title may change, not vanish)',
    (fx) => postForm(fx, '/api/update_blog.php', { id: fx.unknownId, title: '  ' }),
    fieldError('title'),
  ),
  bad('addGalleryImage', 400, 'two files in `image`, which takes one', (fx) =>
    postForm(fx, '/api/add_gallery_image.php', { title: 'x', category: 'health' }, [image(fx.images.jpeg, 'a.jpg'), image(fx.images.png, 'b.png')]),
  ),
  bad('addBlog', 400, 'the image field sent as text', (fx) => addBlog(fx, { title: 'x', image: 'https://example.org/a.jpg' }, []), fieldError('image')),
  bad(
    'addBlog',
    400,
    'form fields named __proto__ and constructor, and no title',
    (fx) =>
      addBlog(
        fx,
        Object.fromEntries([
          ['__proto__', 'polluted'],
          ['constructor', 'x'],
          ['excerpt', 'x'],
        ]),
        [],
      ),
    (res) => expect(res.body.message).toBe('Please fill all required fields'),
  ),
  bad('addBlog', 400, 'the title sent twice', (fx) => addBlog(fx, { title: 'x' }, []).field('title', 'y')),
  // Image requests.
  ...['abc', '320.5', '-320', '0', '320&w=640'].map((width) =>
    contractCase('getImage', 400, `w=${width}`, {
      arrange: (fx) => fx.sharedImageId(),
      send: (fx, id) => fx.request.get(`/api/image.php?id=${id}&w=${width}`),
    }),
  ),
  ...(
    [
      ['bytes=abc', 200],
      ['bytes=0-1,5-6', 200],
      ['items=0-5', 200],
      ['bytes=50-10', 416],
      ['bytes=-0', 416],
    ] as const
  ).map(([range, status]) =>
    contractCase('getImage', status, `Range: ${range}`, {
      arrange: (fx) => fx.sharedImageId(),
      send: (fx, id) => fx.request.get(`/api/image.php?id=${id}`).set('Range', range),
    }),
  ),
]);
