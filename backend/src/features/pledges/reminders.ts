// Each instance's time-based work for pledges, by the app's clock (tests set it):
//  - each month on its day, a pledge's month is made by insert (`<pledge>:<month>`, unique), so
//    of any number of instances, runs and restarts one makes it; then whichever instance claims
//    the month (jobs/claim.ts) queues its reminder, whose outbox key makes the mail once too;
//  - in April, a statement of the past financial year's received gifts per pledger, made the
//    same way (`<e-mail>|<year>`).
// A month or statement left `due` by an instance that died is claimed again once its lease is out.
import { isDuplicateKey, insertOnce } from '../../invariants/claims.js';
import { WorkClaims } from '../../jobs/claim.js';
import { BackgroundWorker } from '../../jobs/worker.js';
import type { Services } from '../../services.js';
import { dayInIndia } from '../donations/financial-year.js';
import { newPledgeReference } from './links.js';
import { dueOnIn } from './calendar.js';
import type { PledgeMails } from './mails.js';
import type { Pledge, PledgeMonth, PledgeStatement } from './model.js';
import { pledgeStatementYear, receivedGiftsOf } from './statement.js';

/** Mails one run queues at most before the instance's requests go first. */
const batchSize = 20;
/** Longer than queueing one mail takes. */
const leaseMs = 60_000;
const sweepEveryMs = 60 * 60 * 1000;

export class PledgeReminders {
  readonly worker: BackgroundWorker | undefined;
  private readonly monthClaims: WorkClaims;
  private readonly statementClaims: WorkClaims;
  private lastSweep = 0;

  constructor(
    private readonly services: Services,
    private readonly mails: PledgeMails,
  ) {
    this.monthClaims = new WorkClaims(services.db.models.JobLease, 'pledge-month', services.claims);
    this.statementClaims = new WorkClaims(services.db.models.JobLease, 'pledge-statement', services.claims);
    const pollMs = services.config.campaignWorkMs;
    if (!pollMs) return;
    this.worker = new BackgroundWorker({
      name: 'pledge reminders',
      logger: services.logger,
      pollMs,
      runTimeoutMs: 120_000,
      maxBackoffMs: 5 * 60 * 1000,
      run: async (signal) => ((await this.runDue(signal)) >= batchSize ? 'more' : 'idle'),
    });
  }

  /** Makes what is due by the clock and queues its mails; answers how many mails it queued. */
  async runDue(signal?: AbortSignal): Promise<number> {
    const today = dayInIndia(this.services.clock());
    await this.makeMonths(today);
    let queued = await this.queueReminders(signal);
    if (today.slice(5, 7) === '04') {
      await this.makeStatements(pledgeStatementYear(today));
      queued += await this.queueStatements(signal, queued);
    }
    if (Date.now() - this.lastSweep > sweepEveryMs) {
      this.lastSweep = Date.now();
      await this.monthClaims.sweep(sweepEveryMs);
      await this.statementClaims.sweep(sweepEveryMs);
    }
    return queued;
  }

  /** This month of every active pledge whose day has come (and that was made by then), made once. */
  private async makeMonths(today: string) {
    const { Pledge: pledges, PledgeMonth: months } = this.services.db.models;
    const month = today.slice(0, 7);
    const due = (await pledges.find({ status: 'active', day: { $lte: Number(today.slice(8, 10)) } }).lean<Pledge[]>()).filter(
      (pledge) => dueOnIn(month, pledge.day) >= pledge.startedOn,
    );
    if (!due.length) return;
    const made = new Set(
      (await months.find({ _id: { $in: due.map((pledge) => `${pledge._id.toHexString()}:${month}`) } }, { _id: 1 }).lean<Pick<PledgeMonth, '_id'>[]>()).map(
        (existing) => existing._id,
      ),
    );
    for (const pledge of due) {
      const _id = `${pledge._id.toHexString()}:${month}`;
      if (made.has(_id)) continue;
      const fields = { _id, pledge: pledge._id, month, dueOn: dueOnIn(month, pledge.day), amount: pledge.amount, state: 'due' as const };
      // A lost insert is another instance's month, or (rarely) a reference already taken: then a new one.
      for (let attempt = 0; attempt < 5; attempt++) {
        if (await insertOnce(months, { ...fields, reference: newPledgeReference() })) break;
        if (await months.exists({ _id })) break;
      }
    }
  }

  private async queueReminders(signal?: AbortSignal): Promise<number> {
    const months = this.services.db.models.PledgeMonth;
    let queued = 0;
    while (queued < batchSize && !signal?.aborted) {
      const claim = await this.monthClaims.claim<PledgeMonth>(months, { state: 'due' }, { leaseMs, sort: { dueOn: 1, _id: 1 } });
      if (!claim) break;
      try {
        const month = claim.work;
        const pledge = await this.services.db.models.Pledge.findById(month.pledge).lean<Pledge>();
        if (pledge?.status !== 'active') {
          // Paused or stopped since it was made: no reminder, and the month is not the pledge's.
          await months.deleteOne({ _id: month._id, state: 'due' });
        } else {
          await this.mails.reminder(pledge, month);
          await months.updateOne({ _id: month._id, state: 'due' }, { $set: { state: 'reminded', remindedAt: this.services.clock() } });
          queued += 1;
        }
      } finally {
        await this.monthClaims.release(claim.lease).catch(() => undefined);
      }
    }
    return queued;
  }

  /** The statements of `fy`, one per pledger who has received gifts in it, made once. */
  private async makeStatements(fy: string) {
    const { Pledge: pledges, PledgeStatement: statements } = this.services.db.models;
    const yearEnd = `${Number(fy.slice(0, 4)) + 1}-03-31`;
    const emails: string[] = [
      ...new Set((await pledges.find({ startedOn: { $lte: yearEnd } }, { email: 1 }).lean<Pick<Pledge, 'email'>[]>()).map((pledge) => pledge.email)),
    ];
    const made = new Set((await statements.find({ fy }, { email: 1 }).lean<Pick<PledgeStatement, 'email'>[]>()).map((statement) => statement.email));
    for (const email of emails.filter((address) => !made.has(address))) {
      if (!(await receivedGiftsOf(this.services, email, fy)).length) continue;
      try {
        await statements.create({ _id: `${email}|${fy}`, email, fy, state: 'due' });
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
    }
  }

  private async queueStatements(signal: AbortSignal | undefined, already: number): Promise<number> {
    const statements = this.services.db.models.PledgeStatement;
    let queued = 0;
    while (already + queued < batchSize && !signal?.aborted) {
      const claim = await this.statementClaims.claim<PledgeStatement>(statements, { state: 'due' }, { leaseMs, sort: { _id: 1 } });
      if (!claim) break;
      try {
        const statement = claim.work;
        await this.mails.statement(statement.email, statement.fy);
        await statements.updateOne({ _id: statement._id }, { $set: { state: 'sent' } });
        queued += 1;
      } finally {
        await this.statementClaims.release(claim.lease).catch(() => undefined);
      }
    }
    return queued;
  }
}
