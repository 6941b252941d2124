// A campaign from the admin's form to what it raised: reported gifts count for nothing until an
// admin confirms them, a confirmation shows on another instance within a second, an ended campaign
// takes no gift, the receipt says what the gift was for, and the totals per campaign and per
// program of a date range add up the received gifts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesSpec, startSecondInstance, startTestApp, type SecondInstance, type TestApp } from '../../../test/app.js';
import { addCampaign, campaignFields, reportGift } from '../../../test/campaigns.js';
import { pdfText } from '../../../test/pdf.js';
import { dayInIndia } from '../donations/financial-year.js';
import { addDays } from './days.js';
import { CampaignDayTurn } from './day-turn.js';
import { PublishedContent } from '../../published/published-content.js';
import { Claims } from '../../invariants/claims.js';
import { createLogger } from '../../app.js';
import { eventually } from '../../../test/mail.js';

let offset = 0;
const clock = () => new Date(Date.now() + offset);
let t: TestApp;
let second: SecondInstance;
const admin = () => `Bearer ${t.adminToken()}`;
const confirm = (id: string, received_on?: string) =>
  t.request
    .post('/api/update_donation.php')
    .set('Authorization', admin())
    .send({ id, status: 'received', ...(received_on ? { received_on } : {}) });

beforeAll(async () => {
  t = await startTestApp({ env: { CAMPAIGN_WORK_MS: '0' }, clock });
  second = await startSecondInstance(t, { clock });
}, 60_000);
afterAll(async () => {
  await second?.stop();
  await t?.stop();
});

describe('a campaign', () => {
  let campaign = '';

  it('raises only what an admin confirmed, and shows it on another instance within a second', async () => {
    campaign = await addCampaign(t);
    const gifts = [
      await reportGift(t, t.request, { campaign_id: campaign }),
      await reportGift(t, second.request, { campaign_id: campaign, amount: 4000, email: 'ravi@example.org' }),
    ];
    const before = await second.request.get(`/api/get_campaign.php?id=${campaign}`);
    expectMatchesSpec(before, 'getCampaign');
    expect(before.body.data).toMatchObject({ goal: 10000, raised: 0, donors: 0, state: 'live', days_left: 21, program: 'health' });
    expect(await t.db.models.Donation.countDocuments({ campaign_id: campaign, program: 'health', status: 'pending' })).toBe(2);

    expect((await confirm(gifts[0]!)).status).toBe(200);
    const confirmedAt = Date.now();
    for (;;) {
      const now = await second.request.get(`/api/get_campaign.php?id=${campaign}`);
      if (now.body.data.raised === 2500) {
        expect(now.body.data.donors).toBe(1);
        break;
      }
      expect(Date.now() - confirmedAt, 'raised shown on the other instance').toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The list says the same, in Hindi too.
    const hindi = await t.request.get('/api/get_campaigns.php?lang=hi');
    expectMatchesSpec(hindi, 'listCampaigns');
    expect(hindi.body.data.find((found: { id: string }) => found.id === campaign)).toMatchObject({
      title: 'मानसून से पहले 200 वर्षा जल टैंक',
      text_lang: 'hi',
      raised: 2500,
    });
  });

  it('names the campaign on the receipt', async () => {
    const gift = await reportGift(t, t.request, { campaign_id: campaign, amount: 1000, pan: 'ABCPT1234F', address: 'House 12, Lalpur' });
    const confirmed = await confirm(gift);
    const receipt = await t.request.get(`/api/get_receipt.php?id=${confirmed.body.data.receipt.id}`).set('Authorization', admin()).buffer(true);
    const { text } = await pdfText(receipt.body as Buffer);
    expect(text).toContain('Campaign: 200 rainwater tanks before the monsoon');
    const listed = await t.request.get(`/api/get_donations.php?q=${confirmed.body.data.reference}`).set('Authorization', admin());
    expect(listed.body.data[0]).toMatchObject({ campaign_id: campaign, program: 'health' });
  });

  it('refuses gifts once it ended, and says so after the day turns', async () => {
    const ended = await addCampaign(t, { title: 'Last winter’s blankets', starts_on: '2025-11-01', ends_on: '2026-01-31', program: 'women-empowerment' });
    const res = await t.request
      .post('/api/donation_save.php')
      .send({ name: 'Asha', email: 'asha@example.org', amount: 500, reference: '412345000111', campaign_id: ended, website: '', elapsed_ms: 5000 });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/has ended/);
    expect((await t.request.get(`/api/get_campaign.php?id=${ended}`)).body.data).toMatchObject({ state: 'ended', days_left: 0 });
    // A gift for another campaign's program is refused, as is a program not on the programs page.
    const other = await t.request.post('/api/donation_save.php').send({
      name: 'Asha',
      email: 'asha@example.org',
      amount: 500,
      reference: '412345000112',
      campaign_id: campaign,
      program: 'education',
      website: '',
      elapsed_ms: 5000,
    });
    expect(other.status).toBe(400);
    const unknown = await t.request
      .post('/api/donation_save.php')
      .send({ name: 'Asha', email: 'asha@example.org', amount: 500, reference: '412345000113', program: 'space-travel', website: '', elapsed_ms: 5000 });
    expect(unknown.status).toBe(400);
  });

  it('counts the days by the date in India, and is not deleted while gifts name it', async () => {
    const endsOn = addDays(dayInIndia(new Date()), 2);
    const short = await addCampaign(t, { title: 'Three more days', ends_on: endsOn });
    expect((await t.request.get(`/api/get_campaign.php?id=${short}`)).body.data.days_left).toBe(3);
    const refused = await t.request.post('/api/delete_campaign.php').set('Authorization', admin()).send({ id: campaign });
    expect(refused.status).toBe(409);
    expect((await t.request.post('/api/delete_campaign.php').set('Authorization', admin()).send({ id: short })).status).toBe(200);
  });
});

describe('totals per campaign and per program', () => {
  it('add up the received gifts of the date range', async () => {
    const tanks = await addCampaign(t, { title: 'Tanks', program: 'health' });
    const books = await addCampaign(t, { title: 'Books', program: 'education' });
    const gifts = [
      [tanks, '', 3000, '2026-05-10'],
      [tanks, '', 2000, '2026-05-11'],
      [books, '', 1500, '2026-05-12'],
      ['', 'health', 700, '2026-05-12'],
      ['', 'reforestation', 400, '2026-05-13'],
      ['', '', 900, '2026-05-14'],
      ['', 'reforestation', 10000, '2026-07-01'],
    ] as const;
    for (const [campaign_id, program, amount, day] of gifts) {
      const id = await reportGift(t, t.request, {
        amount,
        email: `giver-${amount}@example.org`,
        ...(campaign_id ? { campaign_id } : {}),
        ...(program ? { program } : {}),
      });
      expect((await confirm(id, day)).status).toBe(200);
    }
    // A gift only reported counts for nothing.
    await reportGift(t, t.request, { campaign_id: tanks, amount: 99999 });

    const res = await t.request.get('/api/get_designation_totals.php?from=2026-05-01&to=2026-05-31').set('Authorization', admin());
    expectMatchesSpec(res, 'getDesignationTotals');
    const { campaigns, programs, general, total } = res.body.data;
    expect(campaigns.find((row: { id: string }) => row.id === tanks)).toMatchObject({ name: 'Tanks', amount: 5000, count: 2, donors: 2 });
    expect(campaigns.find((row: { id: string }) => row.id === books)).toMatchObject({ amount: 1500, count: 1 });
    expect(programs.find((row: { id: string }) => row.id === 'health')).toMatchObject({ name: 'Clean Water Initiative', amount: 5700, count: 3 });
    expect(programs.find((row: { id: string }) => row.id === 'reforestation')).toMatchObject({ amount: 400 });
    expect(general).toMatchObject({ amount: 900, count: 1 });
    expect(total).toMatchObject({ amount: 5000 + 1500 + 700 + 400 + 900, count: 6 });

    const csv = await t.request.get('/api/export_designation_totals.php?from=2026-05-01&to=2026-05-31').set('Authorization', admin());
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.text).toContain('Campaign,' + tanks + ',Tanks,2,2,5000\r\n');
    expect(csv.text).toContain('Program,health,Clean Water Initiative,3,3,5700\r\n');
    expect(csv.text).toContain('Where most needed,,Where most needed,1,1,900\r\n');
    expect(csv.text).toContain('Total,,Total,6,6,8500\r\n');
  });
});

describe('the day turning', () => {
  it('ends a campaign on every instance the day after its last day', async () => {
    const endsOn = dayInIndia(new Date());
    const lastDay = await addCampaign(t, { ...campaignFields(), title: 'Ends today', ends_on: endsOn, starts_on: addDays(endsOn, -3) });
    const read = async () => (await second.request.get(`/api/get_campaign.php?id=${lastDay}`)).body.data;
    // The other instance knows the version the campaign was added at (it reads it every 100 ms),
    // so its answer is kept at that version, not at one read a moment before.
    const versionOf = async (instance: { request: TestApp['request'] }) => Number((await instance.request.get('/api/get_content_version.php')).body.version);
    const added = await versionOf(t);
    await eventually(async () => (await versionOf(second)) >= added, 2000, 'the other instance knows the version');
    expect(await read()).toMatchObject({ state: 'live', days_left: 1 });
    // The day-turn job of an instance, on the same database and clock.
    const published = new PublishedContent(t.db);
    const turn = new CampaignDayTurn({
      config: t.config,
      clock,
      claims: new Claims(t.db.models.Claim, clock),
      published,
      logger: createLogger({ logLevel: 'silent' }),
    } as never);
    expect(await turn.turn()).toBe(false);
    // Midnight passes: the answer kept for the version is stale until one instance raises it.
    offset = 24 * 60 * 60 * 1000;
    expect(await read()).toMatchObject({ state: 'live' });
    expect(await turn.turn()).toBe(true);
    expect(await turn.turn()).toBe(false);
    await eventually(async () => (await read()).state === 'ended', 2000, 'the campaign ended on the other instance');
    offset = 0;
    published.cache.stop();
  });
});
