import type { Model, Types } from 'mongoose';
import type { Logger } from 'pino';
import { rowBytes, type MemoryBudget } from './budget.js';
import { everyList, type Change, type ChangeLog } from './change-log.js';
import { readAll } from './read-all.js';

/** A row as the admin's list answers it: strings, booleans and numbers only. */
export interface ListedRow {
  id: string;
  created_at: string;
  updated_at?: string;
}

/** How many of the last changed rows a list keeps at hand (the dashboard shows ten). */
const changedLastCount = 10;
const updated = (row: ListedRow) => row.updated_at ?? row.created_at;

/** The newest first; rows made at the same moment by id, as the legacy list sorts them. */
export const newestFirst = (a: ListedRow, b: ListedRow) =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;

interface Rows<V> {
  byId: Map<string, V>;
  /** Every row, newest first. */
  order: V[];
  /** The rows changed last, newest change first; undefined when it must be worked out again. */
  changedLast?: V[];
  /** The time (and id) of the last change applied to each row, deleted ones included. */
  versions: Map<string, string>;
  /** What the rows take, as the budget counts it. */
  bytes: number;
  loaded: boolean;
}

const emptyRows = <V>(): Rows<V> => ({ byId: new Map(), order: [], versions: new Map(), bytes: 0, loaded: false });
const versionOf = (change: Change) => `${String(change.at.getTime()).padStart(15, '0')}:${change._id.toHexString()}`;

/**
 * One admin list held by this instance, newest first, each row as the list answers it: read
 * whole from the database once (and again when the change log went on without it), then kept
 * by the changes every instance records. A page, a count or a search is then work in memory.
 * The rows count against a memory budget shared by the lists; a list that would go over it is
 * let go of and answered from the database until the instance restarts.
 */
export class ListCache<T extends { _id: Types.ObjectId }, V extends ListedRow> {
  private rows: Rows<V> = emptyRows();
  private overBudget = false;

  constructor(
    readonly model: Model<T>,
    readonly toRow: (document: T) => V,
    private readonly log: ChangeLog,
    private readonly name: string,
    private readonly budget: MemoryBudget,
    private readonly logger?: Logger,
    /** Which documents of the collection are rows (the media library's: the originals, not their variants). */
    private readonly keep: (document: T) => boolean = () => true,
  ) {
    log.on(name, (change) => this.apply(change));
  }

  /** Whether the list is held, or must be read (again). */
  get loaded(): boolean {
    return this.rows.loaded;
  }

  /** Whether the list was let go of for its size (it is not read again until a restart). */
  get tooLarge(): boolean {
    return this.overBudget;
  }

  /** What the held rows take, as the budget counts it. */
  get bytes(): number {
    return this.rows.bytes;
  }

  /** Records a row as saved (added or changed). */
  put(document: T): Promise<void> {
    return this.recorded(this.log.record(this.name, document._id, this.toRow(document)));
  }

  /** Records a row as deleted. */
  remove(id: Types.ObjectId): Promise<void> {
    return this.recorded(this.log.record(this.name, id));
  }

  /**
   * A change that could not be recorded (the database went away after the row was written) leaves
   * this instance unsure of its list: it is read afresh, and answered from the database meanwhile.
   */
  private async recorded(recording: Promise<void>): Promise<void> {
    try {
      await recording;
    } catch (error) {
      this.rows.loaded = false;
      throw error;
    }
  }

  /** Every row, newest first, with what the other instances changed so far; undefined while not held. */
  async all(): Promise<readonly V[] | undefined> {
    if (!this.rows.loaded || this.log.behind()) return undefined;
    await this.log.read();
    return this.rows.loaded ? this.rows.order : undefined;
  }

  /** The rows changed last, newest change first (at most ten); undefined while not held. */
  async changedLast(): Promise<readonly V[] | undefined> {
    if (!(await this.all())) return undefined;
    const rows = this.rows;
    rows.changedLast ??= lastChanged(rows.order);
    return rows.changedLast;
  }

  /** Reads the whole list afresh; the changes recorded meanwhile are kept. */
  async load(stopped: () => boolean): Promise<void> {
    this.release();
    const rows = emptyRows<V>();
    this.rows = rows;
    await this.log.read();
    for await (const document of readAll<T>(this.model.collection)) {
      if (stopped()) throw new Error('the app is stopping');
      if (!this.keep(document)) continue;
      const row = this.toRow(document);
      // A row changed or deleted since the read began is as its change left it.
      if (this.rows !== rows) return;
      if (rows.versions.has(row.id)) continue;
      rows.byId.set(row.id, row);
      if (!this.take(rowBytes(row))) return;
    }
    rows.order = [...rows.byId.values()].sort(newestFirst);
    rows.loaded = this.rows === rows;
    // A long read leaves the log unread meanwhile; what came in is applied to the order now.
    await this.log.read();
  }

  /** Counts `bytes` more against the budget; over it, lets the list go and answers false. */
  private take(bytes: number): boolean {
    this.rows.bytes += bytes;
    this.budget.used += bytes;
    if (this.budget.used <= this.budget.limit) return true;
    this.logger?.warn(
      { list: this.name, limitBytes: this.budget.limit },
      'an admin list is over the memory budget (ADMIN_LISTS_BYTES): its pages are read from the database until a restart',
    );
    this.overBudget = true;
    this.release();
    return false;
  }

  private release() {
    this.budget.used -= this.rows.bytes;
    this.rows = emptyRows();
  }

  private apply(change: Change) {
    if (this.overBudget) return;
    // Every list changed at once: let go of the rows (a read under way stops) to be read afresh.
    if (change.list === everyList) return this.release();
    const rows = this.rows;
    const version = versionOf(change);
    if ((rows.versions.get(change.row_id) ?? '') >= version) return;
    rows.versions.set(change.row_id, version);
    const before = rows.byId.get(change.row_id);
    if (before) {
      rows.byId.delete(change.row_id);
      this.take(-rowBytes(before));
      if (rows.loaded) rows.order.splice(this.indexOf(before), 1);
      // One of the last changed gone: they are worked out again when next asked for.
      if (rows.changedLast?.includes(before)) rows.changedLast = undefined;
    }
    if (!change.row) return;
    const row = change.row as V;
    rows.byId.set(change.row_id, row);
    if (!this.take(rowBytes(row))) return;
    if (rows.loaded) rows.order.splice(this.indexOf(row), 0, row);
    if (rows.changedLast) rows.changedLast = keepIfRecent(rows.changedLast, row);
  }

  /** Where `row` is, or would go, in the order (a binary search). */
  private indexOf(row: V): number {
    const order = this.rows.order;
    let low = 0;
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (newestFirst(order[middle]!, row) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** The ten rows changed last, newest change first, in one pass (no sort of the whole list). */
export function lastChanged<V extends ListedRow>(rows: Iterable<V>): V[] {
  let kept: V[] = [];
  for (const row of rows) kept = keepIfRecent(kept, row);
  return kept;
}

/** `kept` (newest change first, at most ten) with `row` in its place if it is among the ten. */
function keepIfRecent<V extends ListedRow>(kept: V[], row: V): V[] {
  if (kept.length === changedLastCount && updated(row) <= updated(kept[changedLastCount - 1]!)) return kept;
  const at = kept.findIndex((other) => updated(other) < updated(row));
  const next = [...kept];
  next.splice(at < 0 ? next.length : at, 0, row);
  return next.slice(0, changedLastCount);
}
