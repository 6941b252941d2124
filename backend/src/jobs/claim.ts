import { randomBytes } from 'node:crypto';
import { Schema, type Model, type SortOrder, type Types } from 'mongoose';

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
  ) {}

  /** Claims one piece of work matching `ready`, first in `sort`; null when none is free. */
  async claim<T extends { _id: Types.ObjectId | string }>(
    model: Model<T>,
    ready: Record<string, unknown>,
    { leaseMs, sort }: { leaseMs: number; sort: Record<string, SortOrder> },
  ): Promise<Claim<T> | null> {
    const candidates = await model.find(ready, { _id: 1 }).sort(sort).limit(candidatesPerClaim).lean<{ _id: Types.ObjectId | string }[]>();
    for (const candidate of candidates) {
      // A string _id names its work itself (`<pledge>:<month>`).
      const name = typeof candidate._id === 'string' ? candidate._id : candidate._id.toHexString();
      const lease = await this.take(`${this.kind}:${name}`, leaseMs);
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
    for (let attempt = 0; attempt < 2; attempt++) {
      // Looked at first, so that a held lease costs one read, not a refused insert in the log.
      const now = new Date();
      const held = await this.leases.findById(key).lean<JobLease>();
      if (held && held.until > now) return null;
      // Its instance died holding it: the lease is over, and the insert below decides who is next.
      if (held) await this.leases.deleteOne({ _id: key, owner: held.owner });
      try {
        await this.leases.create({ _id: key, owner, until: new Date(now.getTime() + leaseMs) });
        return { key, owner };
      } catch (error) {
        if ((error as { code?: number }).code !== 11000) throw error;
      }
    }
    return null;
  }
}
