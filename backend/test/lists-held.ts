import type { Database } from '../src/database.js';

/**
 * Waits until the apps on `db` answer from the admin lists they hold (they read them as they
 * start, the gallery last): a gallery item written straight into the database after that is in
 * a list read from the database, not in one held in memory. `totalsShown` asks each app for
 * get_gallery_images.php's X-Total-Count; each probe is deleted through an app
 * (`deleteThroughApp`, answering its status), so a list that did read it lets go of it too.
 */
export async function untilListsHeld(
  db: Database,
  totalsShown: () => Promise<(string | null | undefined)[]>,
  deleteThroughApp: (id: string) => Promise<number>,
  { attempts = 300, pauseMs = 500 } = {},
): Promise<void> {
  const items = db.models.GalleryItem.collection;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const { insertedId } = await items.insertOne({
      title: 'Probe',
      category: 'health',
      caption: '',
      image: null,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const stored = await items.countDocuments();
    const shown = await totalsShown();
    const status = await deleteThroughApp(insertedId.toHexString());
    if (status !== 200) throw new Error(`deleting the probe answered ${status}`);
    if (shown.every((total) => total === String(stored - 1))) return;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  throw new Error('the apps did not come to hold their lists');
}
