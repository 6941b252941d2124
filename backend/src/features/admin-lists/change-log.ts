import { Types, type mongo } from 'mongoose';

/** One write to an admin list: the row as saved, or no row when it was deleted. */
export interface Change {
  _id: Types.ObjectId;
  list: string;
  row_id: string;
  row?: Record<string, unknown>;
  at: Date;
}

/** The list of a change to every list at once (a restore replaced the collections): each is read afresh. */
export const everyList = '*';

/**
 * The last minute of writes to the admin lists, in a collection of its own that stays small
 * (admin_list_changes). Every instance writes each change it makes and reads the whole
 * collection to learn the others' (on FerretDB even a lookup by _id reads every document of a
 * collection, so only a small one is cheap to read). Inserting is the only write: nothing is
 * read, changed and written back, so concurrent writers on several instances lose nothing.
 */
export class ChangeLog {
  private readonly changes: mongo.Collection<Change>;
  private readonly readers = new Map<string, (change: Change) => void>();
  /** Changes already handed on, by id, with their time (forgotten once out of the window). */
  private readonly seen = new Map<string, number>();
  private lastRead = 0;
  private reading: Promise<void> | undefined;
  private queued: Promise<void> | undefined;

  constructor(
    db: mongo.Db,
    readonly windowMs = 60_000,
  ) {
    this.changes = db.collection<Change>('admin_list_changes');
  }

  /** Hands every change of `list` to `apply`, this instance's own included. */
  on(list: string, apply: (change: Change) => void): void {
    this.readers.set(list, apply);
  }

  async record(list: string, rowId: Types.ObjectId, row?: object): Promise<void> {
    const change: Change = { _id: new Types.ObjectId(), list, row_id: rowId.toHexString(), at: new Date(), ...(row ? { row: { ...row } } : {}) };
    await this.changes.insertOne(change);
    this.deliver(change);
  }

  /**
   * Reads the changes the other instances made since the last read. One read at a time: a caller
   * who comes while one is under way (it may have begun before the change the caller must see)
   * shares the next one with the others who come meanwhile.
   */
  read(): Promise<void> {
    if (!this.reading) return this.start();
    this.queued ??= this.reading
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.start();
      });
    return this.queued;
  }

  private start(): Promise<void> {
    const reading = this.readAll().finally(() => {
      if (this.reading === reading) this.reading = undefined;
    });
    this.reading = reading;
    return reading;
  }

  /** Whether changes may have left the window unread: the instance must read its lists afresh. */
  behind(): boolean {
    return Date.now() - this.lastRead > this.windowMs / 2;
  }

  /** Drops the changes older than the window (any instance may; the delete is the same). */
  async prune(): Promise<void> {
    await this.changes.deleteMany({ at: { $lt: new Date(Date.now() - this.windowMs) } });
  }

  private async readAll() {
    const started = Date.now();
    const changes = await this.changes.find({}).toArray();
    changes.sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const change of changes) this.deliver(change);
    for (const [id, at] of this.seen) if (at < started - 2 * this.windowMs) this.seen.delete(id);
    this.lastRead = started;
  }

  private deliver(change: Change) {
    const id = change._id.toHexString();
    if (this.seen.has(id)) return;
    this.seen.set(id, change.at.getTime());
    if (change.list === everyList) for (const apply of this.readers.values()) apply(change);
    else this.readers.get(change.list)?.(change);
  }
}
