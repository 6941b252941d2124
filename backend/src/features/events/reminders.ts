// Each instance's background work for events: sign-ups left undecided by an instance that stopped
// mid-way are decided (signups.ts), and the reminders a day and two hours before an event: jobs made when a place is confirmed
// (model.ts, unique per sign-up, kind and start), sent by whichever instance claims each one
// first (jobs/claim.ts). The mail's outbox key makes the sending once as well: an instance that
// dies after queueing the mail and before marking the job leaves it to be claimed again, and the
// second queueing finds the mail there. A job late because every instance was down is sent while
// it is still of use (before the event starts; a day's reminder before the two hours' one is due),
// and lapses after.
import { WorkClaims, type Claim } from '../../jobs/claim.js';
import { BackgroundWorker } from '../../jobs/worker.js';
import type { Services } from '../../services.js';
import type { EventSignups } from './signups.js';
import { reminderLeadMs, type EventReminder, type Rsvp, type StoredEvent } from './model.js';

/** Reminders one run sends at most before the instance's requests go first. */
const batchSize = 20;
/** Longer than queueing one mail takes. */
const leaseMs = 60_000;
const sweepEveryMs = 60 * 60 * 1000;

export class EventReminders {
  readonly worker: BackgroundWorker | undefined;
  private readonly claims: WorkClaims;
  private lastSweep = 0;

  constructor(
    private readonly services: Services,
    private readonly signups: EventSignups,
  ) {
    this.claims = new WorkClaims(services.db.models.JobLease, 'event-reminder', services.claims);
    const pollMs = services.config.eventReminderMs;
    if (!pollMs) return;
    this.worker = new BackgroundWorker({
      name: 'event reminders',
      logger: services.logger,
      pollMs,
      runTimeoutMs: 60_000,
      maxBackoffMs: 2 * 60 * 1000,
      run: async (signal) => {
        await signups.upkeep();
        return (await this.sendDue(signal)) === batchSize ? 'more' : 'idle';
      },
    });
  }

  start() {
    this.worker?.start();
  }

  stop() {
    return this.worker?.stop();
  }

  /** Claims and sends the reminders that are due by the clock; answers how many it handled. */
  async sendDue(signal?: AbortSignal): Promise<number> {
    const now = this.services.clock();
    const ready = { state: 'due', due: { $lte: now } };
    let handled = 0;
    while (handled < batchSize && !signal?.aborted) {
      const claim = await this.claims.claim<EventReminder>(this.services.db.models.EventReminder, ready, { leaseMs, sort: { due: 1, _id: 1 } });
      if (!claim) break;
      try {
        await this.handle(claim, now);
      } finally {
        await this.claims.release(claim.lease).catch(() => undefined);
      }
      handled += 1;
    }
    if (Date.now() - this.lastSweep > sweepEveryMs) {
      this.lastSweep = Date.now();
      await this.claims.sweep(sweepEveryMs);
    }
    return handled;
  }

  private async handle({ work: job }: Claim<EventReminder>, now: Date) {
    const { Event, Rsvp, EventReminder } = this.services.db.models;
    const [event, rsvp] = await Promise.all([Event.findById(job.event).lean<StoredEvent>(), Rsvp.findById(job.rsvp).lean<Rsvp>()]);
    const cancelled = rsvp ? await this.services.db.models.RsvpCancellation.exists({ _id: rsvp._id }) : null;
    // Still of use: for this start of the event, before it, and (a day's) before the two hours' one.
    const until = job.kind === '24h' ? job.startsAt.getTime() - reminderLeadMs['2h'] : job.startsAt.getTime();
    const current = event && event.status === 'published' && event.starts_at.getTime() === job.startsAt.getTime();
    const send = current && rsvp && rsvp.status === 'confirmed' && !cancelled && now.getTime() < until;
    if (send) await this.signups.mails.reminder(rsvp, event, job.kind);
    await EventReminder.updateOne({ _id: job._id }, { $set: { state: send ? 'sent' : 'lapsed', doneAt: now } });
  }
}
