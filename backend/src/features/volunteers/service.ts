import { Types, type Model, type mongo } from 'mongoose';
import type { RequestBody, RequestParams } from '../../contract.js';
import type { Services } from '../../services.js';
import { fromDay } from '../dates.js';
import { adminList } from '../admin-lists/answer.js';
import { batchSize, readAll } from '../admin-lists/read-all.js';
import { eraseCopies } from '../erasure/copies.js';
import type { Volunteer } from './model.js';

export class VolunteerService {
  private readonly volunteers: Model<Volunteer>;
  private readonly cached: Services['lists']['volunteers'];
  constructor(private readonly services: Services) {
    this.volunteers = services.db.models.Volunteer;
    this.cached = services.lists.volunteers;
  }

  /**
   * Saves a registration under `_id` (a volunteer under 18: when their guardian confirmed it); one already saved under it (a save carried out again) stays
   * as it is, and is recorded for the lists again: the first save may have stored the row and then
   * lost the database before the lists heard of it.
   */
  async save(_id: Types.ObjectId, { start_date, date_of_birth, ...fields }: RequestBody<'saveVolunteer'>, confirmedAt: Date | null = null): Promise<void> {
    const saved = await this.volunteers.findById(_id).lean<Volunteer>();
    if (saved) return this.cached.put(saved);
    try {
      const created = await this.volunteers.create({
        _id,
        ...fields,
        start_date: start_date ? fromDay(start_date) : null,
        date_of_birth: date_of_birth ? fromDay(date_of_birth) : null,
        guardian_confirmed_at: confirmedAt,
      });
      await this.cached.put(created.toObject<Volunteer>());
    } catch (error) {
      if ((error as { code?: number }).code !== 11000) throw error;
      const raced = await this.volunteers.findById(_id).lean<Volunteer>();
      if (raced) await this.cached.put(raced);
    }
  }

  list(query: RequestParams<'listVolunteers'>) {
    return adminList(this.cached, query, { path: '/api/get_volunteers.php', searchFields: ['name', 'email', 'mobile', 'address'] });
  }

  /** Every registration, in the order they came in, read a batch at a time. */
  all(): mongo.FindCursor<Volunteer> {
    return this.volunteers.collection.find<Volunteer>({}, { batchSize });
  }

  /**
   * Erases one registration, or every registration of an e-mail address (whatever its case), and
   * every copy of them (erasure/copies.ts: their mails, the lists' log, their requests' records);
   * answers how many.
   */
  async erase(target: { id?: string; email?: string }): Promise<number> {
    let ids: Types.ObjectId[] = [];
    if (target.id !== undefined) ids = [new Types.ObjectId(target.id)];
    else {
      const email = target.email!.toLocaleLowerCase();
      for await (const row of readAll<Pick<Volunteer, '_id' | 'email'>>(this.volunteers.collection, { email: 1 })) {
        if (row.email.toLocaleLowerCase() === email) ids.push(row._id);
      }
    }
    let erased = 0;
    for (const _id of ids) {
      // Only the delete that removed the row gives its place in the list up.
      if ((await this.volunteers.deleteOne({ _id })).deletedCount !== 1) continue;
      erased++;
      await this.cached.remove(_id);
    }
    // Also when nothing was left to delete: an erasure cut short by an outage is carried out again.
    await eraseCopies(this.services, { ids, email: target.email, mailKinds: ['volunteer-welcome', 'volunteer-notice'] });
    return erased;
  }
}
