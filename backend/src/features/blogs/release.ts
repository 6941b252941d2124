// Scheduled posts go public on their own: each instance looks every 9-15 s for posts whose
// publish_at has come and that were not announced yet, and raises the content version for them,
// so that every cached public answer (here, on the other instances and in nginx) is made again.
import { WorkClaims, type Claim } from '../../jobs/claim.js';
import { BackgroundWorker } from '../../jobs/worker.js';
import type { Services } from '../../services.js';
import type { Blog } from './model.js';

/** Posts one run announces at most (the candidates one claim looks at); more follow a moment later. */
const batchSize = 5;
/**
 * A post is announced this long after its time: the public reads compare publish_at with their
 * own clock, and an instance whose clock is a little behind must already see it after the raise.
 */
export const releaseMarginMs = 2000;
const leaseMs = 60_000;
const sweepEveryMs = 60 * 60 * 1000;

export class ScheduledReleases {
  readonly worker: BackgroundWorker | undefined;
  private readonly claims: WorkClaims;
  private lastSweep = 0;

  constructor(private readonly services: Services) {
    this.claims = new WorkClaims(services.db.models.JobLease, 'release', services.claims);
    const pollMs = services.config.scheduleReleaseMs;
    if (!pollMs) return;
    this.worker = new BackgroundWorker({
      name: 'scheduled posts',
      logger: services.logger,
      pollMs,
      runTimeoutMs: 30_000,
      maxBackoffMs: 2 * 60 * 1000,
      run: async () => ((await this.releaseDue()) === batchSize ? 'more' : 'idle'),
    });
  }

  /**
   * Announces the posts that became due: each is claimed first (one instance wins it), then the
   * version is raised once and the posts marked. The raise comes before the mark, so an instance
   * that dies in between leaves the posts to be announced again when their leases run out (one
   * raise too many, never none). Answers how many it announced; when none is due this is one
   * small query.
   */
  async releaseDue(now = new Date()): Promise<number> {
    const blogs = this.services.db.models.Blog;
    const due = { release_pending: true, publish_at: { $lte: new Date(now.getTime() - releaseMarginMs) } };
    const claims: Claim<Blog>[] = [];
    try {
      // A claim passes over the posts this run holds already: the batch ends when none is left.
      while (claims.length < batchSize) {
        const claim = await this.claims.claim<Blog>(blogs, due, { leaseMs, sort: { publish_at: 1, _id: 1 } });
        if (!claim) break;
        claims.push(claim);
      }
      if (!claims.length) return 0;
      await this.services.published.cache.bump();
      const ids = claims.map((claim) => claim.work._id);
      await blogs.updateMany({ _id: { $in: ids }, release_pending: true }, { $set: { release_pending: false } }, { timestamps: false });
    } finally {
      await Promise.all(claims.map((claim) => this.claims.release(claim.lease))).catch(() => {});
    }
    this.services.logger.info({ posts: claims.length }, 'scheduled posts went public');
    if (Date.now() - this.lastSweep > sweepEveryMs) {
      this.lastSweep = Date.now();
      await this.claims.sweep(sweepEveryMs);
    }
    return claims.length;
  }

  start() {
    this.worker?.start();
  }

  stop() {
    return this.worker?.stop();
  }
}
