// What the database holds, in a comparable form, and the invariant that no image file is an
// orphan: every stored original belongs to an item that points at it, every variant to an
// original, every chunk to a file, and every item's image exists.
import { expect } from 'vitest';
import type { TestApp } from '../../app.js';

const documentCollections = [
  'admin_users',
  'limit_counts',
  'attempt_slots',
  'blogs',
  'blog_revisions',
  'blog_autosaves',
  'gallery_items',
  'volunteers',
  'contact_messages',
  'audit_log',
  'images.files',
  'site_settings',
  'mail_outbox',
  'message_replies',
  'password_links',
  'donations',
  'receipts',
  'receipt_counters',
  'campaigns',
  'pledges',
  'pledge_months',
  'pledge_statements',
  'events',
  'event_signups',
  'event_cancellations',
  'event_seats',
  'event_checkins',
  'event_reminders',
  'volunteer_hours',
  'volunteer_certificates',
  'nominees',
  'consent_withdrawals',
  'data_requests',
  'consents',
  'guardian_requests',
  'form10be_certificates',
  'legal_deadlines',
  'deadline_reminders',
  'documents',
  'document_files.files',
] as const;
export type CollectionName = (typeof documentCollections)[number] | 'images.chunks';

export type DatabaseState = Record<CollectionName, string[]>;

const collection = (t: TestApp, name: string) => t.db.connection.db!.collection(name);

/** Every document of every collection the API writes, serialised and sorted (the test databases are small). */
export async function snapshot(t: TestApp): Promise<DatabaseState> {
  // The collections are read at once: each read is a round trip that mostly waits.
  const documents = Promise.all(
    documentCollections.map(async (name) => {
      const found = await collection(t, name).find({}).sort({ _id: 1 }).toArray();
      return [name, found.map((document) => JSON.stringify(document))] as const;
    }),
  );
  // Chunks are big; which file and which piece is enough to see one appear or vanish.
  const chunks = collection(t, 'images.chunks')
    .find({}, { projection: { files_id: 1, n: 1 } })
    .toArray();
  const state = Object.fromEntries(await documents) as DatabaseState;
  state['images.chunks'] = (await chunks).map((chunk) => `${String(chunk.files_id)}#${chunk.n}`).sort();
  return state;
}

/** Fails unless the two states are equal outside the collections that were allowed to change. */
export function expectUnchanged(before: DatabaseState, after: DatabaseState, allowed: CollectionName[] = []) {
  for (const name of Object.keys(before) as CollectionName[]) {
    if (allowed.includes(name)) continue;
    expect(after[name], `collection ${name} changed`).toEqual(before[name]);
  }
}

export async function countFiles(t: TestApp) {
  return {
    files: await collection(t, 'images.files').countDocuments(),
    chunks: await collection(t, 'images.chunks').countDocuments(),
  };
}

export async function expectNoOrphanFiles(t: TestApp) {
  const [files, blogs, galleryItems] = await Promise.all([
    collection(t, 'images.files').find({}).toArray(),
    collection(t, 'blogs')
      .find({}, { projection: { image: 1 } })
      .toArray(),
    collection(t, 'gallery_items')
      .find({}, { projection: { image: 1 } })
      .toArray(),
  ]);
  const items = [...blogs, ...galleryItems];
  const referenced = new Map(items.filter((item) => item.image).map((item) => [String(item.image), String(item._id)]));
  const originals = new Set<string>();
  for (const file of files) {
    const metadata = file.metadata as { kind: string; owner: string; source?: unknown };
    if (metadata.kind === 'original') {
      originals.add(String(file._id));
      // A photo uploaded for a post's text belongs to the media library, not to one item.
      if (metadata.owner !== 'library') expect(referenced.get(String(file._id)), `image file ${String(file._id)} belongs to no item`).toBe(metadata.owner);
    }
  }
  for (const file of files) {
    const metadata = file.metadata as { kind: string; source?: unknown };
    if (metadata.kind === 'variant') {
      expect(originals.has(String(metadata.source)), `variant ${String(file._id)} has no original`).toBe(true);
    }
  }
  for (const imageId of referenced.keys()) expect(originals.has(imageId), `an item points at missing image ${imageId}`).toBe(true);
  const fileIds = new Set(files.map((file) => String(file._id)));
  const chunkOwners = await collection(t, 'images.chunks').distinct('files_id');
  for (const owner of chunkOwners) expect(fileIds.has(String(owner)), `chunks of a missing file ${String(owner)}`).toBe(true);
}
