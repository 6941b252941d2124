import { documentFromText } from '@ngo-site/shared';
import type { Model, Types } from 'mongoose';
import type { Blog } from './model.js';

const batchSize = 100;

/**
 * Gives every post saved before documents its document, made from its plain text (paragraphs
 * become paragraphs), once. Safe to run again and on several instances at once: each write applies
 * only while the post still has none, and its `updated_at` stays as it was. Returns how many it converted.
 */
export async function convertPlainPosts(blogs: Model<Blog>): Promise<number> {
  let converted = 0;
  let after: Types.ObjectId | undefined;
  for (;;) {
    const batch = await blogs
      .find({ body: { $exists: false }, ...(after ? { _id: { $gt: after } } : {}) }, { content: 1, content_hi: 1 })
      .sort({ _id: 1 })
      .limit(batchSize)
      .lean<Pick<Blog, '_id' | 'content' | 'content_hi'>[]>();
    if (!batch.length) return converted;
    after = batch[batch.length - 1]!._id;
    // One statement per command: FerretDB on PostgreSQL holds a connection per statement of an
    // update command until it ends, so a bulk of 100 would take its whole pool.
    for (const post of batch) {
      const result = await blogs.updateOne(
        { _id: post._id, body: { $exists: false } },
        {
          $set: {
            body: documentFromText(post.content ?? ''),
            ...(post.content_hi?.trim() ? { body_hi: documentFromText(post.content_hi) } : {}),
          },
        },
        { timestamps: false },
      );
      converted += result.modifiedCount;
    }
  }
}

/**
 * Gives every post saved before versions its version 1 (saves would otherwise do it one by one;
 * see history.ts). Safe to run again and at once on several instances; `updated_at` stays.
 */
export async function giveVersions(blogs: Model<Blog>): Promise<number> {
  const result = await blogs.updateMany({ version: { $exists: false } }, { $set: { version: 1 } }, { timestamps: false });
  return result.modifiedCount;
}
