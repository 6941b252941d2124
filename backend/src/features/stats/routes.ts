import type { Types } from 'mongoose';
import type { Role } from '../auth/model.js';
import { preparingWhenSlow, unheldPageMs } from '../admin-lists/answer.js';
import type { ListCache, ListedRow } from '../admin-lists/list-cache.js';
import { reply, type Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';

const recentLimit = 10;

/**
 * A list's length and latest changes: from the list this instance holds, or, while it is not
 * held, from the database within the time budget of an unheld list's page.
 */
async function figuresOf<T extends { _id: Types.ObjectId }, V extends ListedRow>(list: ListCache<T, V>) {
  const [rows, latest] = await Promise.all([list.all(), list.changedLast()]);
  if (rows && latest) return { length: rows.length, latest };
  const [length, documents] = await Promise.all([
    list.model.countDocuments().maxTimeMS(unheldPageMs),
    list.model.find().sort({ updatedAt: -1, _id: -1 }).limit(recentLimit).maxTimeMS(unheldPageMs).lean<T[]>(),
  ]).catch(preparingWhenSlow);
  return { length, latest: documents.map(list.toRow) };
}

const changes = <V extends ListedRow>(rows: readonly V[], kind: 'blog' | 'gallery' | 'volunteer', title: (row: V) => string) =>
  rows.map((row) => ({
    kind,
    action: row.updated_at && row.updated_at > row.created_at ? ('updated' as const) : ('created' as const),
    title: title(row),
    at: row.updated_at ?? row.created_at,
  }));

export function statsHandlers({ db, lists }: Services): Handlers {
  const { AdminUser } = db.models;
  return {
    async getStats(ctx) {
      const [blogs, gallery, volunteers, admins] = await Promise.all([
        figuresOf(lists.blogs),
        figuresOf(lists.gallery),
        figuresOf(lists.volunteers),
        AdminUser.aggregate<{ _id: string; count: number }>([{ $group: { _id: '$role', count: { $sum: 1 } } }]),
      ]);
      const accountsWithRole = (role: Role) => admins.find((group) => group._id === role)?.count ?? 0;
      // Editors do not see volunteer data: their dashboard lists the changes to posts and pictures only.
      const seesVolunteers = ctx.state.user?.role === 'admin';
      const recent = [
        ...changes(blogs.latest, 'blog', (post) => post.title),
        ...changes(gallery.latest, 'gallery', (item) => item.title),
        ...(seesVolunteers ? changes(volunteers.latest, 'volunteer', (volunteer) => volunteer.name) : []),
      ]
        .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
        .slice(0, recentLimit);
      reply(ctx, 200, {
        success: true,
        data: {
          blogs: blogs.length,
          gallery_images: gallery.length,
          volunteers: volunteers.length,
          admins: admins.reduce((total, group) => total + group.count, 0),
          accounts_by_role: { admin: accountsWithRole('admin'), editor: accountsWithRole('editor') },
          recent,
        },
      });
    },
  };
}
