// A pledge's months against the bank statement, and April's statement of the year: a credit with
// a month's reference and amount makes the month paid and its gift a pending donation the import
// matches (confirmed, it is receipted as any gift); a month the statement covers without it is
// missed, until a later statement shows it; each pledger gets one statement of the past year,
// with its PDF, across two instances.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecondInstance, type SecondInstance } from '../../../test/app.js';
import { eventually, mailsTo, startMailTestApp, type MailTestApp } from '../../../test/mail.js';
import { pdfText } from '../../../test/pdf.js';
import { makePledge, referenceOf } from '../../../test/pledges.js';

let offset = 0;
const clock = () => new Date(Date.now() + offset);
const setDay = (isoInIndia: string) => {
  offset = Date.parse(isoInIndia) - Date.now();
};
let m: MailTestApp;
let second: SecondInstance;
const admin = () => `Bearer ${m.t.adminToken()}`;
const mapping = { date: 'Txn Date', amount: 'Credit', reference: 'Ref No', description: 'Narration' };
const statement = (lines: [string, number, string, string][]) =>
  ['Txn Date,Credit,Ref No,Narration', ...lines.map(([date, amount, ref, narration]) => `${date},${amount},${ref},${narration}`)].join('\n');
const importStatement = (csv: string) => m.t.request.post('/api/import_bank_statement.php').set('Authorization', admin()).send({ csv, mapping });

beforeAll(async () => {
  setDay('2026-06-01T09:00:00+05:30');
  m = await startMailTestApp({ env: { CAMPAIGN_WORK_MS: '150' }, clock });
  second = await startSecondInstance(m.t, { clock });
  await m.t.request.post('/api/update_settings.php').set('Authorization', admin()).send({ upi_id: 'ngo@okaxis', pan: 'AAATA1234C' }).expect(200);
}, 60_000);
afterAll(async () => {
  await second?.stop();
  await m?.stop();
});

describe('pledge months and the bank statement', () => {
  it('marks a month paid from its reference, records the gift, and the one not found missed', { timeout: 60_000 }, async () => {
    await makePledge(m.t.request, { email: 'payer@example.org', amount: 1000, day: 2 });
    await makePledge(m.t.request, { email: 'Forgetful@Example.org', amount: 700, day: 2, pan: undefined, address: undefined });
    setDay('2026-06-02T09:00:00+05:30');
    const paying = await m.catcher.waitFor((mail) => mail.to.includes('payer@example.org'), 20_000);
    await m.catcher.waitFor((mail) => mail.to.includes('forgetful@example.org'), 20_000);
    const reference = referenceOf(paying);

    // The bank runs the note together with the UPI's other parts; a word of the narration counts for nothing.
    const res = await importStatement(
      statement([
        ['01/06/2026', 300, 'CHQ 000123', 'CLG CHEQUE DEPOSIT'],
        ['03/06/2026', 1000, '', `UPI/415500001111/${reference}MONTHLYGIFT/payer@okicici`],
        ['15/06/2026', 250, '', 'UPI/415500002222/OKICICI/someone@okicici'],
      ]),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.matched).toHaveLength(1);
    expect(res.body.matched[0].donation).toMatchObject({ reference, amount: 1000, source: 'pledge', monthly: true, status: 'pending', pan: 'ABCPT••••F' });
    expect(res.body.matched[0].credit.mode).toBe('upi');

    const list = await m.t.request.get('/api/get_pledges.php').set('Authorization', admin());
    const [forgetful, payer] = ['forgetful@example.org', 'payer@example.org'].map((email) =>
      list.body.data.find((pledge: { email: string }) => pledge.email === email),
    );
    expect(payer.months).toEqual([
      expect.objectContaining({ month: '2026-06', reference, state: 'paid', paid_on: '2026-06-03', donation_id: res.body.matched[0].donation.id }),
    ]);
    // Its due day and a week after it lie within the statement's days, without its money.
    expect(forgetful.months[0]).toMatchObject({ state: 'missed', paid_on: null });

    // Confirmed, the gift is receipted as any other.
    const confirmed = await m.t.request
      .post('/api/update_donation.php')
      .set('Authorization', admin())
      .send({ id: payer.months[0].donation_id, status: 'received' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ status: 'received', received_on: '2026-06-03', mode: 'upi' });

    // The next statement shows the missed month paid after all; the first again changes nothing.
    const late = referenceOf(mailsTo(m.catcher, 'forgetful@example.org')[0]!);
    const next = await importStatement(statement([['20/06/2026', 700, late, 'NEFT-SBIN0001234-FORGETFUL']]));
    expect(next.body.matched).toHaveLength(1);
    expect((await importStatement(statement([['03/06/2026', 1000, '', `UPI/415500001111/${reference}/payer@okicici`]]))).body.already_received).toBe(1);
    const after = await m.t.request.get('/api/get_pledges.php?q=forgetful').set('Authorization', admin());
    expect(after.body.data[0].months[0]).toMatchObject({ state: 'paid', paid_on: '2026-06-20' });
    expect(await m.t.db.models.Donation.countDocuments({ source: 'pledge' })).toBe(2);
  });

  it('sends each pledger one statement of the past year in April, with its PDF', { timeout: 60_000 }, async () => {
    // The gift confirmed above is of 2026-27; April 2027 brings its statement, once, on two instances.
    setDay('2027-04-01T06:00:00+05:30');
    const mail = await m.catcher.waitFor((caught) => caught.to.includes('payer@example.org') && caught.subject.startsWith('Your gifts'), 20_000);
    expect(mail.subject).toBe('Your gifts in the financial year 2026-27');
    const pdf = mail.attachments.find((file) => file.contentType === 'application/pdf')!;
    const { text } = await pdfText(Buffer.from(pdf.content, 'base64'));
    expect(text).toContain('Statement of donations received in the financial year 2026-27');
    expect(text).toContain('payer@example.org');
    expect(text).toMatch(/Total: ₹ 1,000 in 1 donation/);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mailsTo(m.catcher, 'payer@example.org').filter((caught) => caught.subject.startsWith('Your gifts'))).toHaveLength(1);
    // The forgetful pledger's gift is not confirmed: nothing received, no statement.
    expect(mailsTo(m.catcher, 'forgetful@example.org').filter((caught) => caught.subject.startsWith('Your gifts'))).toHaveLength(0);
    expect(await m.t.db.models.PledgeStatement.countDocuments()).toBe(1);
    await eventually(async () => (await m.t.db.models.PledgeStatement.findOne().lean())?.state === 'sent', 5000, 'the statement marked sent');
  });
});
