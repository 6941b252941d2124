// Saves of one post and of one page at the same version, ten at once over two app instances on
// one FerretDB database (the storage `npm start` uses here): exactly one is saved, the other nine
// are told someone saved meanwhile (409, naming that save), and the content version only rises.
// FerretDB runs a conditional update as a read, then a write: without the version claims of
// invariants/claims.ts two or more of the ten were saved in most rounds.
import { pageSeed } from '@ngo-site/shared/page-seed';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecondInstance, startTestApp, type SecondInstance, type TestApp } from '../../../test/app.js';
import { contentVersionNumber } from '../../published/cache.js';

let t: TestApp;
let second: SecondInstance;

beforeAll(async () => {
  // Forty writes at once over two instances: on a loaded machine the database may take longer than
  // the product's 3 s to answer one of them, which is not what this file is about.
  t = await startTestApp({ storage: 'embedded', env: { DATABASE_TIMEOUT_MS: '15000' } });
  second = await startSecondInstance(t);
});
afterAll(async () => {
  await second?.stop();
  await t?.stop();
});

const admin = () => `Bearer ${t.adminToken()}`;
/** Alternates between the two instances, as nginx would. */
const instance = (index: number) => (index % 2 ? second.request : t.request);
/** The version as an instance answers it (it may be up to 250 ms behind the database). */
const contentVersion = async () => (await t.request.get('/api/get_content_version.php')).body.version as number;
const rounds = 6;

/** One round's answers: exactly one 200, nine 409 that name the winner's version. */
function oneWon(answers: Response[], version: number) {
  const statuses = answers.map((res) => res.status).sort();
  expect(statuses, answers.map((res) => res.text.slice(0, 200)).join('\n')).toEqual([200, ...Array<number>(9).fill(409)]);
  for (const res of answers.filter((answer) => answer.status === 409)) expect(res.body.current.version).toBe(version);
  return answers.find((res) => res.status === 200)!;
}

describe('ten saves at one version, at once on two instances', () => {
  it('of a post: in every round one is saved as the next version, nine get 409 naming it', async () => {
    const added = await t.request.post('/api/add_blog.php').set('Authorization', admin()).field('title', 'Contended').field('content', 'First text');
    expect(added.status, added.text).toBe(201);
    const id = added.body.data.id as string;
    for (let version = 1; version <= rounds; version++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          instance(index)
            .post('/api/update_blog.php')
            .set('Authorization', admin())
            .field('id', id)
            .field('version', String(version))
            .field('title', `Round ${version} save ${index}`),
        ),
      );
      const winner = oneWon(answers, version + 1);
      expect(winner.body.data.version).toBe(version + 1);
      const stored = (await t.db.models.Blog.findById(id).lean())!;
      expect({ title: stored.title, version: stored.version }).toEqual({ title: winner.body.data.title, version: version + 1 });
    }
    // One revision per saved version, the first included.
    expect(await t.db.models.BlogRevision.countDocuments({ post: id })).toBe(rounds + 1);
  });

  it('of a page: in every round one is published as the next version, nine get 409', async () => {
    for (let round = 0; round < rounds; round++) {
      const { version } = (await t.request.get('/api/get_page.php?slug=about&lang=both').set('Authorization', admin())).body.data as { version: number };
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) => {
          const content = structuredClone(pageSeed.about);
          content.hero.title = { en: `About ${round}.${index}`, hi: '' };
          return instance(index).post('/api/update_page.php').set('Authorization', admin()).send({ slug: 'about', version, content });
        }),
      );
      const winner = oneWon(answers, version + 1);
      const stored = (await t.db.models.Page.findById('about').lean())!;
      expect({ version: stored.version, title: (stored.content as typeof pageSeed.about).hero.title.en }).toEqual({
        version: version + 1,
        title: winner.body.data.content.hero.title.en,
      });
    }
  });

  it('the content version: forty raises at once on two instances end forty higher, and no reader sees it fall', async () => {
    const stored = contentVersionNumber(t.db);
    const before = await stored.current();
    const seen: number[] = [];
    let reading = true;
    const reader = (async () => {
      while (reading) seen.push(await contentVersion());
    })();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        instance(index)
          .post('/api/update_settings.php')
          .set('Authorization', admin())
          .send({ name: `Site ${index}` }),
      ),
    );
    reading = false;
    await reader;
    for (const res of answers) expect(res.status, res.text).toBe(200);
    expect(await stored.current()).toBe(before + 40);
    await expect.poll(contentVersion, { timeout: 5000 }).toBe(before + 40);
    for (let index = 1; index < seen.length; index++) expect(seen[index]).toBeGreaterThanOrEqual(seen[index - 1]!);
  });
});
