import { randomBytes } from 'node:crypto';
import { Schema, type Model, type SortOrder, type Types } from 'mongoose';
import { insertOnce, type Claims } from '../invariants/claims.js';

/**
 * Work shared by instances, claimed in the database: an instance takes a piece of work by
 * inserting its lease, a document whose _id names the work. The unique _id decides between two
 * instances at the same moment; a conditional findOneAndUpdate cannot (FerretDB reads, then
 * writes). The work is then read again: one that another instance finished in the meantime is
 * let go. A lease that ran out (its instance died) is taken over, so it must outlast the work.
 */
export interface JobLease {
  _id: string;
  owner: string;
  until: Date;
}

export const jobLeaseSchema = new Schema<JobLease>(
  {
    _id: { type: String, required: true },
    owner: { type: String, required: true },
    until: { type: Date, required: true, index: true },
  },
  { versionKey: false },
);

export interface Lease {
  key: string;
  owner: string;
}

export interface Claim<T> {
  work: T;
  lease: Lease;
}

/** How many candidates one claim looks at: enough that a busy neighbour rarely leaves it empty-handed. */
const candidatesPerClaim = 5;

export class WorkClaims {
  constructor(
    private readonly leases: Model<JobLease>,
    /** Names the kind of work in the lease's _id (`outbox:<mail id>`). */
    private readonly kind: string,
    /** Decide who takes over a lease that ran out (invariants/claims.ts). */
    private readonly takeovers: Claims,
  ) {}

  /** Claims one piece of work matching `ready`, first in `sort`; null when none is free. */
  async claim<T extends { _id: Types.ObjectId }>(
    model: Model<T>,
    ready: Record<string, unknown>,
    { leaseMs, sort }: { leaseMs: number; sort: Record<string, SortOrder> },
  ): Promise<Claim<T> | null> {
    const candidates = await model.find(ready, { _id: 1 }).sort(sort).limit(candidatesPerClaim).lean<{ _id: Types.ObjectId }[]>();
    for (const candidate of candidates) {
      const lease = await this.take(`${this.kind}:${candidate._id.toHexString()}`, leaseMs);
      if (!lease) continue;
      const work = await model.findOne({ $and: [{ _id: candidate._id }, ready] }).lean<T>();
      if (work) return { work, lease };
      await this.release(lease);
    }
    return null;
  }

  /** Lets the work go (after its outcome is written). */
  async release(lease: Lease) {
    await this.leases.deleteOne({ _id: lease.key, owner: lease.owner });
  }

  /** Forgets leases left by instances that died long ago (their work may be gone). */
  async sweep(olderThanMs: number) {
    await this.leases.deleteMany({ _id: new RegExp(`^${this.kind}:`), until: { $lt: new Date(Date.now() - olderThanMs) } });
  }

  private async take(key: string, leaseMs: number): Promise<Lease | null> {
    const owner = randomBytes(12).toString('hex');
    // Looked at first, so that a held lease costs one read, not a refused insert in the log.
    const now = new Date();
    const until = new Date(now.getTime() + leaseMs);
    const held = await this.leases.findById(key).lean<JobLease>();
    if (!held) return (await insertOnce(this.leases, { _id: key, owner, until })) ? { key, owner } : null;
    if (held.until > now) return null;
    // Its instance died holding it. Of the instances that see that lease over, the one that claims
    // its take-over (named after the dead owner) has it: a delete, then an insert, let two through
    // on FerretDB (the second delete removed the first one's new lease).
    if (!(await this.takeovers.take(`lease/${key}/${held.owner}`, { holdMs: leaseMs }))) return null;
    const taken = await this.leases.replaceOne({ _id: key, owner: held.owner }, { owner, until });
    return taken.matchedCount === 1 ? { key, owner } : null;
  }
}
