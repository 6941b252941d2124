// The pages' first content is loaded once: a restart (here a second app on the same database)
// and two instances starting together never overwrite an edit nor insert a page twice.
import { pageSeed } from '@ngo-site/shared/page-seed';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { createApp, requestListener } from '../../app.js';
import { connectDatabase, type Database } from '../../database.js';
import { Lifecycle } from '../../http/lifecycle.js';
import { pageSlugs } from './model.js';
import { seedPages } from './service.js';

let t: TestApp;
let second: Database;
beforeAll(async () => {
  t = await startTestApp();
  second = await connectDatabase(t.db.url);
});
afterAll(async () => {
  await second?.close();
  await t?.stop();
});

const admin = () => `Bearer ${t.adminToken()}`;
const editOf = async (slug: string) => (await t.request.get(`/api/get_page.php?slug=${slug}&lang=both`).set('Authorization', admin())).body.data;

describe("the pages' first content", () => {
  it('is there from the start: every page at version 1 with the seed', async () => {
    const pages = await t.db.models.Page.find().lean();
    expect(pages.map((page) => page._id).sort()).toEqual([...pageSlugs].sort());
    for (const page of pages) {
      expect(page).toMatchObject({ version: 1, published_version: 1, content: pageSeed[page._id] });
      expect([page.draft ?? null, page.savedBy ?? null]).toEqual([null, null]);
    }
  });

  it('is not loaded again over an edit when an instance starts again', async () => {
    const home = await editOf('home');
    const content = structuredClone(home.content);
    content.hero.title = { en: 'Edited before the restart', hi: 'पुनः आरंभ से पहले बदला' };
    const saved = await t.request.post('/api/update_page.php').set('Authorization', admin()).send({ slug: 'home', version: home.version, content });
    expect(saved.status, saved.text).toBe(200);

    // A restart: the start-up seeding on another connection, then another app reading the page.
    expect(await seedPages(second.models)).toBe(0);
    const lifecycle = new Lifecycle();
    const restarted = createApp(t.config, { db: second, lifecycle });
    try {
      const view = await supertest(requestListener(restarted)).get('/api/get_page.php?slug=home&lang=hi');
      expect(view.body.data.content.hero.title).toBe('पुनः आरंभ से पहले बदला');
    } finally {
      await lifecycle.stop();
    }
    expect((await editOf('home')).version).toBe(home.version + 1);
  });

  it('is inserted once when two instances start together on an empty database', async () => {
    await t.db.models.Page.deleteMany({});
    const inserted = await Promise.all([seedPages(t.db.models), seedPages(second.models), seedPages(t.db.models)]);
    expect(inserted.reduce((sum, count) => sum + count, 0)).toBe(pageSlugs.length);
    expect(await t.db.models.Page.countDocuments()).toBe(pageSlugs.length);
    expect((await editOf('home')).content).toEqual(pageSeed.home);
  });

  it('is loaded for a page that went missing when it is first read', async () => {
    await t.db.models.Page.deleteOne({ _id: 'contact' });
    const view = await t.request.get('/api/get_page.php?slug=contact&lang=en');
    expect(view.status).toBe(200);
    expect(view.body.data.content.hero.title).toBe(pageSeed.contact.hero.title.en);
  });
});
