// Every documented answer of the campaign and pledge operations, except 401/403 of the admin's
// (auth-matrix.ts) and 503 (outage.ts): the public reads with their cache, the admin's writes and
// their refusals, the totals, a pledge and its refusals, its stop link, the admin's list and its
// pause, resume and stop.
import { randomUUID } from 'node:crypto';
import type { Test } from 'supertest';
import { expect } from 'vitest';
import { addCampaign, campaignFields, newUtr, reportGift } from '../../campaigns.js';
import { pledgeFields } from '../../pledges.js';
import { contractCase, defineCases, listRevalidated, type ContractCase } from '../support/cases.js';
import { bodyFormCases } from '../support/body-form.js';
import type { Fixture } from '../support/fixture.js';
import { hugeJson, postJson } from '../support/requests.js';
import { stopToken } from '../../../src/features/pledges/links.js';
import { casesOf, type Write } from './idempotency.js';

const admin = (fx: Fixture, request: Test) => request.set('Authorization', fx.admin);
const pledge = (fx: Fixture, body: Record<string, unknown> | string, lang = '') => postJson(fx, `/api/pledge_save.php${lang}`, body, null);
const newEmail = () => `pledger-${randomUUID().slice(0, 8)}@example.org`;
const pledgeIdOf = async (fx: Fixture, email: string) => (await fx.t.db.models.Pledge.findOne({ email }).lean())!._id.toHexString();
async function newPledge(fx: Fixture, fields: Record<string, unknown> = {}) {
  const email = newEmail();
  expect((await pledge(fx, pledgeFields({ email, ...fields }))).status).toBe(201);
  return pledgeIdOf(fx, email);
}

const readCases: ContractCase[] = [
  contractCase('listCampaigns', 200, 'the published campaigns with what each raised, drafts left out', {
    arrange: async (fx) => ({ shown: await fx.sharedCampaign(), draft: await addCampaign(fx.t, { title: 'Not yet', status: 'draft' }) }),
    send: (fx) => fx.request.get('/api/get_campaigns.php'),
    check: (res, _fx, { shown, draft }) => {
      const ids = res.body.data.map((campaign: { id: string }) => campaign.id);
      expect(ids).toContain(shown);
      expect(ids).not.toContain(draft);
      expect(res.headers['x-content-version']).toMatch(/^\d+$/);
    },
  }),
  contractCase('listCampaigns', 200, 'in Hindi: the Hindi title and story where a campaign has them', {
    arrange: (fx) => fx.sharedCampaign(),
    send: (fx) => fx.request.get('/api/get_campaigns.php?lang=hi'),
    check: (res, _fx, id) =>
      expect(res.body.data.find((campaign: { id: string }) => campaign.id === id)).toMatchObject({ text_lang: 'hi', title: 'मानसून से पहले 200 वर्षा जल टैंक' }),
  }),
  contractCase('listCampaigns', 200, 'drafts too, for an admin; never from the cache', {
    arrange: () => Promise.resolve(),
    send: (fx) => admin(fx, fx.request.get('/api/get_campaigns.php?drafts=true')),
    check: (res) => {
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.body.data.some((campaign: { status: string }) => campaign.status === 'draft')).toBe(true);
    },
  }),
  listRevalidated('listCampaigns', '/api/get_campaigns.php', 'asked again with its ETag while nothing was published', (fx) => fx.sharedCampaign()),
  contractCase('listCampaigns', 400, 'a language the site does not have', { send: (fx) => fx.request.get('/api/get_campaigns.php?lang=fr') }),
  contractCase('listCampaigns', 401, 'drafts without a token', { send: (fx) => fx.request.get('/api/get_campaigns.php?drafts=true') }),
  contractCase('listCampaigns', 403, "drafts with an editor's token", {
    arrange: async (fx) => (await fx.editor()).header,
    send: (fx, header) => fx.request.get('/api/get_campaigns.php?drafts=true').set('Authorization', header),
  }),
  contractCase('getCampaign', 200, 'one campaign: goal, raised, donors and days left', {
    arrange: (fx) => fx.sharedCampaign(),
    send: (fx, id) => fx.request.get(`/api/get_campaign.php?id=${id}`),
    check: (res) => expect(res.body.data).toMatchObject({ goal: 10000, raised: 0, donors: 0, state: 'live' }),
  }),
  contractCase('getCampaign', 304, 'asked again with its ETag while nothing was published', {
    arrange: async (fx) => {
      const id = await fx.sharedCampaign();
      return { id, etag: (await fx.request.get(`/api/get_campaign.php?id=${id}`)).headers.etag as string };
    },
    send: (fx, { id, etag }) => fx.request.get(`/api/get_campaign.php?id=${id}`).set('If-None-Match', etag),
    check: (res) => expect(res.text ?? '').toBe(''),
  }),
  contractCase('getCampaign', 400, 'an id that is not one', { send: (fx) => fx.request.get('/api/get_campaign.php?id=tanks') }),
  contractCase('getCampaign', 404, 'a draft', {
    arrange: (fx) => addCampaign(fx.t, { title: 'Draft', status: 'draft' }),
    send: (fx, id) => fx.request.get(`/api/get_campaign.php?id=${id}`),
  }),
];

const writeCases: ContractCase[] = [
  contractCase('addCampaign', 201, 'a campaign with its Hindi, shown at once', {
    send: (fx) => postJson(fx, '/api/add_campaign.php', campaignFields({ title: 'Seeds for 500 farms' })),
    check: (res) => {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.data).toMatchObject({ title: 'Seeds for 500 farms', title_hi: 'मानसून से पहले 200 वर्षा जल टैंक', raised: 0, status: 'published' });
    },
  }),
  ...(
    [
      ['a last day before its first', { starts_on: '2026-06-10', ends_on: '2026-06-01' }, 'ends_on'],
      ['a program not on the programs page', { program: 'space-travel' }, 'program'],
      ['a picture not in the media library', { picture: '65f1c0ffee0000000000abcd' }, 'picture'],
      ['no title', { title: '  ' }, 'title'],
      ['a goal of zero', { goal: 0 }, 'goal'],
      ['a story with a script in it', { story: { type: 'doc', content: [{ type: 'script', text: 'alert(1)' }] } }, 'story'],
    ] as const
  ).map(([name, fields, field]) =>
    contractCase('addCampaign', 400, name, {
      send: (fx) => postJson(fx, '/api/add_campaign.php', campaignFields(fields)),
      check: (res) => expect(res.body.errors?.map((error: { field: string }) => error.field.split('.')[0])).toContain(field),
    }),
  ),
  ...bodyFormCases('addCampaign', '/api/add_campaign.php', 'title'),
  contractCase('updateCampaign', 200, 'a new goal and the picture taken away; the rest as it was', {
    arrange: (fx) => addCampaign(fx.t),
    send: (fx, id) => postJson(fx, '/api/update_campaign.php', { id, goal: 25000, picture: null }),
    check: (res) => expect(res.body.data).toMatchObject({ goal: 25000, picture: null, title: '200 rainwater tanks before the monsoon' }),
  }),
  contractCase('updateCampaign', 400, 'a first day after its stored last day', {
    arrange: (fx) => fx.sharedCampaign(),
    send: (fx, id) => postJson(fx, '/api/update_campaign.php', { id, starts_on: '2099-01-01' }),
  }),
  contractCase('updateCampaign', 404, 'a campaign that is not there', {
    send: (fx) => postJson(fx, '/api/update_campaign.php', { id: fx.unknownId, goal: 5 }),
  }),
  ...bodyFormCases('updateCampaign', '/api/update_campaign.php', 'title'),
  contractCase('deleteCampaign', 200, 'a campaign no gift names', {
    arrange: (fx) => addCampaign(fx.t, { title: 'Made by mistake' }),
    send: (fx, id) => postJson(fx, '/api/delete_campaign.php', { id }),
    check: async (_res, fx, id) => expect(await fx.t.db.models.Campaign.exists({ _id: id })).toBeNull(),
  }),
  contractCase('deleteCampaign', 400, 'an id that is not one', { send: (fx) => postJson(fx, '/api/delete_campaign.php', { id: 'tanks' }) }),
  contractCase('deleteCampaign', 404, 'a campaign that is not there', { send: (fx) => postJson(fx, '/api/delete_campaign.php', { id: fx.unknownId }) }),
  contractCase('deleteCampaign', 409, 'a campaign a gift names: it stays on record', {
    arrange: async (fx) => {
      const id = await addCampaign(fx.t, { title: 'With a gift' });
      await reportGift(fx.t, fx.request, { campaign_id: id });
      return id;
    },
    send: (fx, id) => postJson(fx, '/api/delete_campaign.php', { id }),
    check: (res) => expect(res.body.message).toMatch(/^1 gift names this campaign/),
  }),
  ...bodyFormCases('deleteCampaign', '/api/delete_campaign.php', 'id'),
  contractCase('getDesignationTotals', 200, 'the current financial year by default', {
    send: (fx) => admin(fx, fx.request.get('/api/get_designation_totals.php')),
    check: (res) => {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.data.general.name).toBe('Where most needed');
    },
  }),
  contractCase('getDesignationTotals', 400, 'a range that ends before it starts', {
    send: (fx) => admin(fx, fx.request.get('/api/get_designation_totals.php?from=2026-06-01&to=2026-05-01')),
  }),
  contractCase('exportDesignationTotals', 200, 'as CSV with a byte-order mark', {
    send: (fx) => admin(fx, fx.request.get('/api/export_designation_totals.php?from=2026-04-01&to=2027-03-31')),
    check: (res) => {
      expect(res.headers['content-disposition']).toBe('attachment; filename="gifts-by-campaign-and-program-2026-04-01-to-2027-03-31.csv"');
      expect(res.text.startsWith('\uFEFFReceived 2026-04-01 to 2027-03-31\r\nKind,Id,Name,Gifts,Donors,Rupees\r\n')).toBe(true);
    },
  }),
  contractCase('exportDesignationTotals', 400, 'a day that is not a date', {
    send: (fx) => admin(fx, fx.request.get('/api/export_designation_totals.php?from=yesterday')),
  }),
  contractCase('saveDonation', 400, 'a gift for a campaign that ended', {
    arrange: (fx) => addCampaign(fx.t, { title: 'Over', starts_on: '2025-01-01', ends_on: '2025-02-01' }),
    send: (fx, campaign_id) =>
      postJson(
        fx,
        '/api/donation_save.php',
        { name: 'Asha', email: 'asha@example.org', amount: 500, reference: newUtr(), campaign_id, website: '', elapsed_ms: 5000 },
        null,
      ),
    check: (res) => expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'campaign_id' })),
    changes: ['limit_counts'],
  }),
];

const pledgeCases: ContractCase[] = [
  contractCase('savePledge', 201, 'a monthly pledge in Hindi, its e-mail kept in small letters', {
    arrange: async () => newEmail(),
    send: (fx, email) => pledge(fx, pledgeFields({ email: email.toUpperCase(), day: 28 }), '?lang=hi'),
    check: async (res, fx, email) => {
      expect(res.body.data).toMatchObject({ amount: 1000, day: 28 });
      expect(res.body.data.first_reminder_on).toMatch(/^\d{4}-\d{2}-28$/);
      expect(await fx.t.db.models.Pledge.findOne({ email }).lean()).toMatchObject({ lang: 'hi', status: 'active', pan: 'ABCPT1234F' });
    },
  }),
  ...(
    [
      ['the 29th of the month', { day: 29 }, 'day'],
      ['a PAN without an address', { address: undefined }, 'address'],
      ['an amount with paise', { amount: 10.5 }, 'amount'],
      ['no e-mail', { email: undefined }, 'email'],
    ] as const
  ).map(([name, fields, field]) =>
    contractCase('savePledge', 400, name, {
      send: (fx) => pledge(fx, pledgeFields({ email: newEmail(), ...fields })),
      check: (res) => expect(res.body.errors).toContainEqual(expect.objectContaining({ field })),
    }),
  ),
  contractCase('savePledge', 400, 'a filled honeypot: refused, nothing kept', {
    send: (fx) => pledge(fx, pledgeFields({ email: newEmail(), website: 'https://spam.example' })),
    changes: ['limit_counts'],
  }),
  contractCase('savePledge', 413, 'a 1 MB pledge', {
    send: (fx) => fx.request.post('/api/pledge_save.php').set('Content-Type', 'application/json').send(hugeJson('name')),
  }),
  contractCase('savePledge', 415, 'a form post instead of JSON', { send: (fx) => fx.request.post('/api/pledge_save.php').type('form').send({ name: 'Asha' }) }),
  contractCase('savePledge', 429, 'one address over the limit waits, and nothing is kept', {
    arrange: async (fx) => {
      await pledge(fx, pledgeFields({ email: newEmail() }));
      await fx.t.db.models.LimitCount.updateMany({ _id: /^form\|savePledge\|/ }, { $set: { count: fx.t.config.formMaxSends } });
      return newEmail();
    },
    send: (fx, email) => pledge(fx, pledgeFields({ email })),
    check: async (_res, fx, email) => {
      expect(await fx.t.db.models.Pledge.countDocuments({ email })).toBe(0);
      await fx.t.db.models.LimitCount.deleteMany({ _id: /^form\|/ });
    },
    changes: ['limit_counts'],
  }),
  contractCase('stopPledge', 303, 'the link of a reminder, in a browser: stopped, to the page that says so', {
    arrange: (fx) => newPledge(fx),
    send: (fx, id) => fx.request.get(`/api/stop_pledge.php?token=${stopToken(fx.t.config.jwtSecret, id)}`).set('Accept', 'text/html,*/*'),
    check: async (res, fx, id) => {
      expect(res.headers.location).toBe('/donate/monthly?stopped=1');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(await fx.t.db.models.Pledge.findById(id).lean()).toMatchObject({ status: 'stopped', stoppedBy: 'donor' });
      expect(await fx.t.db.models.OutboxMail.countDocuments({ key: `pledge-stopped:${id}` })).toBe(1);
    },
    // A read by its method, it stops the pledge and queues the confirmation.
    changes: ['pledges', 'mail_outbox'],
  }),
  contractCase('stopPledge', 200, 'the same link asked for JSON, a second time: stopped as it was', {
    arrange: async (fx) => {
      const id = await newPledge(fx);
      await fx.request.get(`/api/stop_pledge.php?token=${stopToken(fx.t.config.jwtSecret, id)}`);
      return id;
    },
    send: (fx, id) => fx.request.get(`/api/stop_pledge.php?token=${stopToken(fx.t.config.jwtSecret, id)}`).set('Accept', 'application/json'),
    check: (res) => expect(res.body.message).toMatch(/stopped/),
  }),
  contractCase('stopPledge', 400, 'a token of another shape', { send: (fx) => fx.request.get('/api/stop_pledge.php?token=stop-it') }),
  contractCase('stopPledge', 404, 'a token with a forged signature', {
    arrange: (fx) => newPledge(fx),
    send: (fx, id) => fx.request.get(`/api/stop_pledge.php?token=${id}.${'A'.repeat(43)}`),
  }),
  contractCase('listPledges', 200, 'the pledges with their months, PAN and address masked, searched by e-mail', {
    arrange: async (fx) => {
      const id = await fx.sharedPledge();
      await fx.t.db.models.PledgeMonth.create({
        _id: `${id}:2026-05`,
        pledge: id,
        month: '2026-05',
        dueOn: '2026-05-05',
        amount: 1000,
        reference: 'PLG0000000001',
        state: 'reminded',
        remindedAt: new Date(),
      });
      return id;
    },
    send: (fx) => admin(fx, fx.request.get('/api/get_pledges.php?q=shared-pledge')),
    check: (res, _fx, id) => {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-total-count']).toBe('1');
      expect(res.body.data[0]).toMatchObject({
        id,
        pan: 'ABCPT••••F',
        status: 'active',
        months: [expect.objectContaining({ reference: 'PLG0000000001', state: 'reminded' })],
      });
      expect(res.text).not.toContain('Lalpur');
    },
  }),
  contractCase('listPledges', 400, 'a status pledges do not have', { send: (fx) => admin(fx, fx.request.get('/api/get_pledges.php?status=cancelled')) }),
  contractCase('updatePledge', 200, 'paused by an admin, written to the audit log', {
    arrange: (fx) => newPledge(fx),
    send: (fx, id) => postJson(fx, '/api/update_pledge.php', { id, action: 'pause' }),
    check: async (res, fx, id) => {
      expect(res.body.data.status).toBe('paused');
      expect(await fx.t.db.models.AuditEntry.countDocuments({ action: 'pledge.pause', subject: id })).toBe(1);
    },
  }),
  contractCase('updatePledge', 400, 'an action pledges do not have', {
    send: (fx) => postJson(fx, '/api/update_pledge.php', { id: fx.unknownId, action: 'cancel' }),
  }),
  contractCase('updatePledge', 404, 'a pledge that is not there', {
    send: (fx) => postJson(fx, '/api/update_pledge.php', { id: fx.unknownId, action: 'stop' }),
  }),
  contractCase('updatePledge', 409, 'a stopped pledge cannot be resumed', {
    arrange: async (fx) => {
      const id = await newPledge(fx);
      await postJson(fx, '/api/update_pledge.php', { id, action: 'stop' });
      return id;
    },
    send: (fx, id) => postJson(fx, '/api/update_pledge.php', { id, action: 'resume' }),
    check: (res) => expect(res.body.message).toMatch(/is stopped/),
  }),
  ...bodyFormCases('updatePledge', '/api/update_pledge.php', 'id'),
];

const writes: Write[] = [
  { operationId: 'addCampaign', status: 201, send: (fx, _t, v) => postJson(fx, '/api/add_campaign.php', campaignFields({ goal: 1000 + v })) },
  {
    operationId: 'updateCampaign',
    status: 200,
    target: (fx) => addCampaign(fx.t),
    send: (fx, id, v) => postJson(fx, '/api/update_campaign.php', { id, goal: 2000 + v }),
  },
  {
    operationId: 'deleteCampaign',
    status: 200,
    target: (fx) => addCampaign(fx.t),
    send: (fx, id, v) => postJson(fx, '/api/delete_campaign.php', { id: v ? fx.unknownId : id }),
  },
  {
    operationId: 'savePledge',
    status: 201,
    anonymous: true,
    target: async () => newEmail(),
    send: (fx, email, v) => pledge(fx, pledgeFields({ email, amount: 500 + v })),
  },
  {
    operationId: 'updatePledge',
    status: 200,
    target: (fx) => newPledge(fx),
    send: (fx, id, v) => postJson(fx, '/api/update_pledge.php', { id, action: v ? 'stop' : 'pause' }),
  },
];

export const campaignCases = defineCases('campaigns', [...readCases, ...writeCases, ...pledgeCases, ...writes.flatMap(casesOf)]);
