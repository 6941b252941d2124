// The admin's lists with page, limit and q (and the posts' status): one page in the legacy body,
// the total in X-Total-Count, the neighbours in Link, a search done by the server; without the
// parameters the whole list exactly as before. And the registrations streamed as CSV.
import type { Response } from 'supertest';
import { expect } from 'vitest';
import { contractCase, defineCases } from '../support/cases.js';
import type { Fixture } from '../support/fixture.js';
import { image, postForm, postJson } from '../support/requests.js';
import { volunteer } from './accounts-and-meta.js';
import { contactMessage } from './inbox.js';

/** Seven registrations, six messages, five posts (two drafts) and four pictures, oldest first. */
const seeded = new WeakMap<Fixture, Promise<void>>();
const volunteerNames = ['Asha Oraon', 'Birsa Munda', 'Chandni Kumari', 'Dinesh Mahto', 'Esther Tirkey', 'Farida Khatun', 'Gita Lakra'];

async function seed(fx: Fixture) {
  for (const [i, name] of volunteerNames.entries()) {
    const address = i % 2 ? 'Harmu, Ranchi' : 'Lalpur, Ranchi';
    const res = await postJson(fx, '/api/volunteer_save.php', { ...volunteer, name, email: `v${i}@example.org`, address }, null);
    expect(res.status, res.text).toBe(201);
  }
  for (let i = 0; i < 6; i++) {
    const res = await postJson(fx, '/api/contact_save.php', { ...contactMessage, subject: i === 4 ? 'Tree planting in Khunti' : `Question ${i}` }, null);
    expect(res.status, res.text).toBe(201);
  }
  for (let i = 0; i < 5; i++) {
    const fields = { title: `Post ${i}`, author: i === 1 ? 'Sunita Devi' : 'Field team', status: i % 2 ? 'draft' : 'published' };
    expect((await postForm(fx, '/api/add_blog.php', fields)).status).toBe(201);
  }
  for (let i = 0; i < 4; i++) {
    const fields = { title: `Picture ${i}`, category: 'health', caption: i === 2 ? 'Health camp at Namkum' : 'Seedlings' };
    expect((await postForm(fx, '/api/add_gallery_image.php', fields, [image(fx.images.jpeg)])).status).toBe(201);
  }
}
const seedOnce = (fx: Fixture) => {
  if (!seeded.has(fx)) seeded.set(fx, seed(fx));
  return seeded.get(fx)!;
};

const get = (fx: Fixture, path: string) => fx.request.get(path).set('Authorization', fx.admin);
const names = (res: Response, field = 'name') => (res.body.data as Record<string, string>[]).map((item) => item[field]);
const newestFirst = [...volunteerNames].reverse();
const expectPage = (res: Response, total: number, link: RegExp | null) => {
  expect(res.headers['x-total-count']).toBe(String(total));
  if (link) expect(res.headers.link).toMatch(link);
  else expect(res.headers.link).toBeUndefined();
};
/** A search of an admin list that finds exactly these items, all on one page. */
const searchFinds = (operationId: string, name: string, send: (fx: Fixture) => PromiseLike<Response>, field: string, found: string[]) =>
  contractCase(operationId, 200, name, {
    arrange: seedOnce,
    send,
    check: (res) => {
      expect(names(res, field)).toEqual(found);
      expectPage(res, 1, null);
    },
  });

export const adminListCases = defineCases('admin lists', [
  contractCase('listVolunteers', 200, 'the legacy call: every registration, newest first, in the legacy shape and with no page headers', {
    arrange: seedOnce,
    send: (fx) => get(fx, '/api/get_volunteers.php'),
    check: (res) => {
      expect(names(res)).toEqual(newestFirst);
      expect(res.headers['x-total-count']).toBeUndefined();
      expect(Object.keys(res.body)).toEqual(['success', 'data']);
      const keys = ['id', 'name', 'email', 'mobile', 'gender', 'interest', 'start_date', 'address', 'about', 'created_at'];
      expect(Object.keys(res.body.data[0]).sort()).toEqual(keys.sort());
    },
  }),
  contractCase('listVolunteers', 200, 'page 2 of 3: the registrations after the first three, the total, and both neighbours', {
    arrange: seedOnce,
    send: (fx) => get(fx, '/api/get_volunteers.php?limit=3&page=2'),
    check: (res) => {
      expect(names(res)).toEqual(newestFirst.slice(3, 6));
      expectPage(res, 7, /<\/api\/get_volunteers\.php\?limit=3&page=3>; rel="next", <\/api\/get_volunteers\.php\?limit=3&page=1>; rel="prev"/);
    },
  }),
  contractCase('listVolunteers', 200, 'a page past the end: no rows, the total still said', {
    arrange: seedOnce,
    send: (fx) => get(fx, '/api/get_volunteers.php?limit=50&page=4'),
    check: (res) => {
      expect(res.body.data).toEqual([]);
      expectPage(res, 7, /rel="prev"/);
    },
  }),
  contractCase('listVolunteers', 200, 'a search in any case finds the address, and the total counts the matches only', {
    arrange: seedOnce,
    send: (fx) => get(fx, '/api/get_volunteers.php?q=HARMU&limit=2'),
    check: (res) => {
      expect(names(res)).toEqual(['Farida Khatun', 'Dinesh Mahto']);
      expectPage(res, 3, /<\/api\/get_volunteers\.php\?limit=2&q=HARMU&page=2>; rel="next"/);
    },
  }),
  contractCase('listVolunteers', 200, 'a search by e-mail without a page: every match, no page headers', {
    arrange: seedOnce,
    send: (fx) => get(fx, '/api/get_volunteers.php?q=v2%40example.org'),
    check: (res) => {
      expect(names(res)).toEqual(['Chandni Kumari']);
      expect(res.headers['x-total-count']).toBeUndefined();
    },
  }),
  contractCase('listVolunteers', 200, 'a search for regular-expression characters finds nothing rather than everything', {
    arrange: seedOnce,
    send: (fx) => get(fx, '/api/get_volunteers.php?q=.*&limit=10'),
    check: (res) => expectPage(res, 0, null),
  }),
  ...['limit=0', 'limit=51', 'page=0', 'page=two', 'q[$ne]=x', `q=${'a'.repeat(201)}`].map((query) =>
    contractCase('listVolunteers', 400, `a bad page parameter: ${query.slice(0, 20)}`, {
      send: (fx) => get(fx, `/api/get_volunteers.php?${query}`),
    }),
  ),
  contractCase('listMessages', 200, 'a page of messages, and the unread count of all of them', {
    arrange: async (fx) => {
      await seedOnce(fx);
      const first = await get(fx, '/api/get_messages.php?limit=1');
      expect((await postJson(fx, '/api/update_message.php', { id: first.body.data[0].id, read: true })).status).toBe(200);
    },
    send: (fx) => get(fx, '/api/get_messages.php?limit=2&page=1'),
    check: (res) => {
      expect(names(res, 'subject')).toEqual(['Question 5', 'Tree planting in Khunti']);
      expect(res.body.data[0].read).toBe(true);
      expect(res.body.unread).toBe(5);
      expectPage(res, 6, /rel="next"/);
    },
  }),
  searchFinds('listMessages', 'messages searched by subject', (fx) => get(fx, '/api/get_messages.php?q=khunti&page=1'), 'subject', ['Tree planting in Khunti']),
  contractCase('listMessages', 400, 'messages: page=-1', {
    send: (fx) => get(fx, '/api/get_messages.php?page=-1'),
  }),
  contractCase('listAllBlogs', 200, 'a page of posts, drafts included', {
    arrange: seedOnce,
    send: (fx) => get(fx, '/api/get_all_blogs.php?limit=2&page=1'),
    check: (res) => {
      expect(names(res, 'title')).toEqual(['Post 4', 'Post 3']);
      expect(names(res, 'status')).toEqual(['published', 'draft']);
      expectPage(res, 5, /rel="next"/);
    },
  }),
  contractCase('listAllBlogs', 200, 'only the drafts, paged, the status kept in the links', {
    arrange: seedOnce,
    send: (fx) => get(fx, '/api/get_all_blogs.php?status=draft&limit=1&page=1'),
    check: (res) => {
      expect(names(res, 'title')).toEqual(['Post 3']);
      expectPage(res, 2, /<\/api\/get_all_blogs\.php\?limit=1&page=2&status=draft>; rel="next"/);
    },
  }),
  searchFinds('listAllBlogs', 'posts searched by author', (fx) => get(fx, '/api/get_all_blogs.php?q=sunita&limit=10'), 'title', ['Post 1']),
  contractCase('listAllBlogs', 400, 'a status that is not one', {
    send: (fx) => get(fx, '/api/get_all_blogs.php?status=archived'),
  }),
  contractCase('listGalleryImages', 200, 'a page of the gallery in the admin shape', {
    arrange: seedOnce,
    send: (fx) => fx.request.get('/api/get_gallery_images.php?limit=3&page=2'),
    check: (res) => {
      expect(res.body.success).toBe(true);
      expect(names(res, 'title')).toEqual(['Picture 0']);
      expectPage(res, 4, /rel="prev"/);
    },
  }),
  searchFinds('listGalleryImages', 'the gallery searched by caption', (fx) => fx.request.get('/api/get_gallery_images.php?q=namkum&limit=5'), 'title', [
    'Picture 2',
  ]),
  contractCase('listGalleryImages', 400, 'the gallery: limit=abc', {
    send: (fx) => fx.request.get('/api/get_gallery_images.php?limit=abc'),
  }),
  contractCase('exportVolunteers', 200, 'every registration as CSV, never cached, and the download logged with its count', {
    arrange: async (fx) => {
      await seedOnce(fx);
      expect(
        (await postJson(fx, '/api/volunteer_save.php', { ...volunteer, name: '=HYPERLINK("http://evil.example")', email: 'x@example.org' }, null)).status,
      ).toBe(201);
    },
    send: (fx) => get(fx, '/api/export_volunteers.php').buffer(true),
    check: async (res, fx) => {
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="volunteers-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = res.text.split('\r\n');
      expect(lines[0]).toBe('\uFEFFRegistered,Name,Email,Mobile,Gender,Interest,Start date,Address,About');
      const rows = lines.slice(1, -1);
      expect(rows).toHaveLength(await fx.t.db.models.Volunteer.countDocuments());
      expect(rows[0]).toContain(',Asha Oraon,v0@example.org,');
      expect(rows.at(-1)).toContain(`,"'=HYPERLINK(""http://evil.example"")",x@example.org,`);
      expect(lines.at(-1)).toBe('');
      const entry = await fx.t.db.models.AuditEntry.findOne().sort({ createdAt: -1 }).lean();
      expect(entry).toMatchObject({ action: 'volunteers.export', actor: fx.t.admin.id, count: rows.length });
    },
    changes: ['audit_log'],
  }),
]);
