import type { Model } from 'mongoose';
import type { Role } from '../auth/model.js';
import { reply, type Handlers, type Services } from '../../services.js';

interface Changed {
  createdAt: Date;
  updatedAt: Date;
}

const recentLimit = 10;

export function statsHandlers({ db }: Services): Handlers {
  const { Blog, GalleryItem, Volunteer, AdminUser } = db.models;
  // Each collection's latest changes, merged: the overall latest are among them.
  // Only the fields an entry shows are read (a post's content can be long).
  const latest = async <T extends Changed>(
    model: Model<T>,
    kind: 'blog' | 'gallery' | 'volunteer',
    titleField: 'title' | 'name',
    title: (doc: T) => string,
  ) => {
    const docs = await model.find().select(`createdAt updatedAt ${titleField}`).sort({ updatedAt: -1, _id: -1 }).limit(recentLimit).lean<T[]>();
    return docs.map((doc) => ({
      kind,
      action: doc.updatedAt.getTime() > doc.createdAt.getTime() ? ('updated' as const) : ('created' as const),
      title: title(doc),
      at: doc.updatedAt,
    }));
  };
  return {
    async getStats(ctx) {
      const [blogs, galleryImages, volunteers, admins, recentBlogs, recentGallery, recentVolunteers] = await Promise.all([
        Blog.countDocuments(),
        GalleryItem.countDocuments(),
        Volunteer.countDocuments(),
        AdminUser.aggregate<{ _id: string; count: number }>([{ $group: { _id: '$role', count: { $sum: 1 } } }]),
        latest(Blog, 'blog', 'title', (doc) => doc.title),
        latest(GalleryItem, 'gallery', 'title', (doc) => doc.title),
        latest(Volunteer, 'volunteer', 'name', (doc) => doc.name),
      ]);
      const accountsWithRole = (role: Role) => admins.find((group) => group._id === role)?.count ?? 0;
      // Editors do not see volunteer data: their dashboard lists the changes to posts and pictures only.
      const seesVolunteers = ctx.state.user?.role === 'admin';
      const recent = [...recentBlogs, ...recentGallery, ...(seesVolunteers ? recentVolunteers : [])]
        .sort((a, b) => b.at.getTime() - a.at.getTime())
        .slice(0, recentLimit)
        .map((change) => ({ ...change, at: change.at.toISOString() }));
      reply(ctx, 200, {
        success: true,
        data: {
          blogs,
          gallery_images: galleryImages,
          volunteers,
          admins: admins.reduce((total, group) => total + group.count, 0),
          accounts_by_role: { admin: accountsWithRole('admin'), editor: accountsWithRole('editor') },
          recent,
        },
      });
    },
  };
}
