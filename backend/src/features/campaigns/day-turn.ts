// A campaign's days left, and whether it is live or ended, change at midnight in India without
// any write. So once a day one instance raises the content version: every cached answer and page
// is made again with the new day. The claim (its key names the day) lets one instance do it.
import { BackgroundWorker } from '../../jobs/worker.js';
import type { Services } from '../../services.js';
import { dayInIndia } from '../donations/financial-year.js';

export class CampaignDayTurn {
  readonly worker: BackgroundWorker | undefined;
  private lastDay = '';

  constructor(private readonly services: Services) {
    const pollMs = services.config.campaignWorkMs;
    if (!pollMs) return;
    this.worker = new BackgroundWorker({
      name: 'campaign days',
      logger: services.logger,
      pollMs,
      runTimeoutMs: 30_000,
      maxBackoffMs: 5 * 60 * 1000,
      run: async () => {
        await this.turn();
        return 'idle';
      },
    });
  }

  /** Raises the content version once the day in India (by the app's clock) is a new one; true when this instance did. */
  async turn(): Promise<boolean> {
    const today = dayInIndia(this.services.clock());
    if (today === this.lastDay) return false;
    const first = this.lastDay === '';
    this.lastDay = today;
    // An instance that starts has nothing cached from an earlier day: it only remembers the day.
    if (first) return false;
    if (!(await this.services.claims.take(`campaign-day:${today}`, { holdMs: 0 }))) return false;
    await this.services.published.cache.bump();
    return true;
  }
}
