import type { Logger } from 'pino';
import type { Database } from '../../database.js';
import { toBlogView } from '../blogs/view.js';
import { toGalleryView } from '../gallery/view.js';
import { toMessageView } from '../inbox/view.js';
import { isOriginal, toMediaRow } from '../media/view.js';
import { toVolunteerView } from '../volunteers/view.js';
import type { MemoryBudget } from './budget.js';
import { ChangeLog } from './change-log.js';
import { ListCache } from './list-cache.js';

export type AdminLists = ReturnType<typeof createAdminLists>;

/**
 * The admin's lists as this instance holds them, each row as its list answers it, within
 * `limitBytes` for them all; and the log that keeps them in step. The media library is held too
 * (its originals, not their variants): FerretDB sorts and counts images.files by reading it whole.
 */
export function createAdminLists(db: Database, limitBytes: number, logger?: Logger) {
  const log = new ChangeLog(db.connection.db!);
  const budget: MemoryBudget = { limit: limitBytes, used: 0 };
  const { Volunteer, ContactMessage, Blog, GalleryItem, ImageFile } = db.models;
  return {
    log,
    budget,
    volunteers: new ListCache(Volunteer, toVolunteerView, log, 'volunteers', budget, logger),
    messages: new ListCache(ContactMessage, toMessageView, log, 'messages', budget, logger),
    blogs: new ListCache(Blog, toBlogView, log, 'blogs', budget, logger),
    gallery: new ListCache(GalleryItem, toGalleryView, log, 'gallery', budget, logger),
    media: new ListCache(ImageFile, toMediaRow, log, 'media', budget, logger, isOriginal),
  };
}

const tickMs = 1000;
const pruneEvery = 10;
const retryMs = { first: 2_000, most: 60_000 };

/**
 * The background work of the lists, one step at a time: every second the change log is read
 * (and now and then pruned); a list not read yet, or whose log went on without it (the database
 * was away half a window), is read whole again, one list after the other, unless it was let go
 * of for its size. A failed read is tried
 * again after a backoff with jitter. The function it answers stops it between two steps.
 */
export function keepAdminLists(lists: AdminLists, logger: Logger): () => Promise<void> {
  const caches = [lists.volunteers, lists.messages, lists.blogs, lists.gallery, lists.media];
  let stopping = false;
  let wake = () => {};
  let failures = 0;
  let ticks = 0;
  /** One step; answers how long to wait before the next. */
  const tick = async (): Promise<number> => {
    try {
      const fellBehind = lists.log.behind();
      await lists.log.read();
      if (ticks++ % pruneEvery === 0) await lists.log.prune();
      for (const cache of caches) if (!stopping && !cache.tooLarge && (fellBehind || !cache.loaded)) await cache.load(() => stopping);
      failures = 0;
      return tickMs;
    } catch (error) {
      const delay = Math.min(retryMs.most, retryMs.first * 2 ** failures++) * (0.5 + Math.random() / 2);
      if (!stopping) logger.warn({ err: error, retryInMs: Math.round(delay) }, 'could not read the admin lists; trying again');
      return delay;
    }
  };
  const running = (async () => {
    while (!stopping) {
      const wait = await tick();
      if (stopping) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, wait).unref();
      });
    }
  })();
  return async () => {
    stopping = true;
    wake();
    await running;
  };
}
