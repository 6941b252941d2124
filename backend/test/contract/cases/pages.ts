// The editable pages: the public view in each language, the admin's edit (lang=both), saves as a
// draft or published with the version they name (409 when someone saved meanwhile), content
// checked against its page's shape and the posts' allow-list, revisions, reset (admin only) and
// the preview link. 401/403 of the admin operations are in auth-matrix.ts, 503 in outage.ts.
import type { PageContents, PageSlug } from '@ngo-site/shared';
import { pageSeed } from '@ngo-site/shared/page-seed';
import type { Test } from 'supertest';
import { expect } from 'vitest';
import { contractCase, defineCases, listRevalidated } from '../support/cases.js';
import type { Fixture } from '../support/fixture.js';
import { hugeJson, image, postForm, postJson } from '../support/requests.js';
import { casesOf } from './idempotency.js';

type Content = PageContents[PageSlug];
interface PageEdit {
  slug: PageSlug;
  version: number;
  content: Content;
  draft: Content | null;
  missing_hindi: string[];
}

const copy = <T>(value: T): T => structuredClone(value);
const edited = async (fx: Fixture, slug: PageSlug): Promise<PageEdit> => {
  const res = await fx.request.get(`/api/get_page.php?slug=${slug}&lang=both`).set('Authorization', fx.admin);
  expect(res.status, res.text).toBe(200);
  return res.body.data as PageEdit;
};
const publicView = async (fx: Fixture, slug: PageSlug, lang: 'en' | 'hi' = 'en') =>
  (await fx.request.get(`/api/get_page.php?slug=${slug}&lang=${lang}`)).body.data;
const contentVersion = async (fx: Fixture) => (await fx.request.get('/api/get_content_version.php')).body.version as number;
const update = (fx: Fixture, body: unknown, auth: string = fx.admin) => postJson(fx, '/api/update_page.php', body, auth);

/** The donate page with another hero title (the page most cases edit; others keep theirs). */
const donateTitled = (title: string, content: Content = pageSeed.donate) => {
  const changed = copy(content) as PageContents['donate'];
  changed.hero.title = { en: title, hi: '' };
  return changed;
};
/** The about page whose story is `doc` (in English). */
const aboutStory = (doc: unknown) => {
  const changed = copy(pageSeed.about) as unknown as { story: { text: { en: unknown; hi: unknown } } };
  changed.story.text = { en: doc, hi: null };
  return changed;
};
const uploadPhoto = async (fx: Fixture) => {
  const uploaded = await postForm(fx, '/api/upload_media.php', { alt: 'The team at work' }, [image(fx.images.jpeg)]);
  expect(uploaded.status, uploaded.text).toBe(201);
  return uploaded.body.data.id as string;
};
const paragraph = (...content: unknown[]) => ({ type: 'doc', content: [{ type: 'paragraph', content }] });
const link = (href: string) => paragraph({ type: 'text', text: 'Read more', marks: [{ type: 'link', attrs: { href } }] });

/** A save that names a version someone else saved past: the current page is at `version` + 1. */
async function savedMeanwhile(fx: Fixture, slug: PageSlug = 'volunteer') {
  const opened = await edited(fx, slug);
  const editor = await fx.editor();
  const theirs = await update(fx, { slug, version: opened.version, content: opened.content }, editor.header);
  expect(theirs.status, theirs.text).toBe(200);
  return opened;
}

/** A page published at least twice, so it keeps revisions. */
async function withRevisions(fx: Fixture, slug: PageSlug = 'contact') {
  for (const title of ['Write to us', 'Talk to us']) {
    const page = await edited(fx, slug);
    const content = copy(page.content) as PageContents['contact'];
    content.hero.title = { en: title, hi: '' };
    expect((await update(fx, { slug, version: page.version, content })).status).toBe(200);
  }
  return edited(fx, slug);
}

const hostile = (name: string, doc: unknown, field: string) =>
  contractCase('updatePage', 400, `a long text with ${name}`, {
    arrange: (fx) => edited(fx, 'about'),
    send: (fx, page) => update(fx, { slug: 'about', version: page.version, content: aboutStory(doc) }),
    check: (res) => expect(res.body.errors).toContainEqual(expect.objectContaining({ field: expect.stringContaining(field) })),
  });

export const pageCases = defineCases('pages', [
  // get_page.php
  contractCase('getPage', 200, 'the home page in English, from the seed, as visitors read it', {
    send: (fx) => fx.request.get('/api/get_page.php?slug=home&lang=en'),
    check: (res) => {
      expect(res.body.data).toMatchObject({ slug: 'home', lang: 'en', content: { hero: { title: pageSeed.home.hero.title.en } } });
      expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      expect(res.headers['x-content-version']).toMatch(/^\d+$/);
    },
  }),
  contractCase('getPage', 200, 'the about page in Hindi: its Hindi texts, long texts as HTML', {
    send: (fx) => fx.request.get('/api/get_page.php?slug=about&lang=hi'),
    check: (res) => {
      expect(res.body.data.content.hero.title).toBe(pageSeed.about.hero.title.hi);
      expect(res.body.data.content.mission.html).toMatch(/^<p>/);
    },
  }),
  contractCase('getPage', 200, 'lang=both for the admin: both languages, the draft, the version, what lacks Hindi; never cached', {
    send: (fx) => fx.request.get('/api/get_page.php?slug=programs&lang=both').set('Authorization', fx.admin),
    check: (res) => {
      expect(res.body.data).toMatchObject({ slug: 'programs', content: { items: expect.any(Array) }, missing_hindi: expect.any(Array) });
      expect(res.body.data.version).toBeGreaterThanOrEqual(1);
      expect(res.headers['cache-control']).toBe('no-store');
    },
  }),
  contractCase('getPage', 200, 'lang=both for an editor', {
    arrange: (fx) => fx.editor(),
    send: (fx, editor) => fx.request.get('/api/get_page.php?slug=home&lang=both').set('Authorization', editor.header),
    check: (res) => expect(res.body.data.content.hero.title).toEqual(expect.objectContaining({ en: expect.any(String), hi: expect.any(String) })),
  }),
  listRevalidated('getPage', '/api/get_page.php?slug=donate&lang=hi', 'asked again with its ETag while nothing was published', async () => undefined),
  contractCase('getPage', 401, 'lang=both without a token', {
    send: (fx) => fx.request.get('/api/get_page.php?slug=home&lang=both'),
    check: (res) => expect(res.body.data).toBeUndefined(),
  }),
  contractCase('getPage', 401, 'lang=both with an expired token', {
    send: (fx) => fx.request.get('/api/get_page.php?slug=home&lang=both').set('Authorization', `Bearer ${fx.t.makeToken({ expiresIn: -60 })}`),
  }),
  contractCase('getPage', 403, 'lang=both with a role that does not edit pages', {
    send: (fx) => fx.request.get('/api/get_page.php?slug=home&lang=both').set('Authorization', `Bearer ${fx.t.makeToken({ role: 'volunteer' })}`),
    check: (res) => expect(res.body.data).toBeUndefined(),
  }),
  contractCase('getPage', 400, 'a page that is not editable', {
    send: (fx) => fx.request.get('/api/get_page.php?slug=blog'),
    check: (res) => expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'slug' })),
  }),
  contractCase('getPage', 400, 'a language the site does not have', {
    send: (fx) => fx.request.get('/api/get_page.php?slug=home&lang=fr'),
  }),

  // get_pages.php
  contractCase('listPages', 200, 'the pages in the site order, with their versions and what lacks Hindi', {
    send: (fx) => fx.request.get('/api/get_pages.php').set('Authorization', fx.admin),
    check: (res) => {
      expect(res.body.data.map((row: { slug: string }) => row.slug)).toEqual([
        'home',
        'about',
        'programs',
        'donate',
        'volunteer',
        'contact',
        'transparency',
        'privacy-volunteer',
        'privacy-contact',
        'privacy-donate',
      ]);
      for (const row of res.body.data) expect(row.missing_hindi).toBeGreaterThanOrEqual(0);
    },
  }),

  // update_page.php
  contractCase('updatePage', 200, 'published: visible through get_page.php at once, the content version raised, a revision kept', {
    arrange: async (fx) => ({ page: await edited(fx, 'donate'), version: await contentVersion(fx) }),
    send: (fx, { page }) => update(fx, { slug: 'donate', version: page.version, content: donateTitled('Give clean water') }),
    check: async (res, fx, { page, version }) => {
      expect(res.body.data).toMatchObject({ slug: 'donate', version: page.version + 1, draft: null, saved_by: { name: 'Admin', email: fx.t.admin.email } });
      expect(res.body.data.missing_hindi).toContain('hero.title');
      expect(await contentVersion(fx)).toBeGreaterThan(version);
      expect((await publicView(fx, 'donate')).content.hero.title).toBe('Give clean water');
      // The Hindi page shows the English where the Hindi was left empty.
      expect((await publicView(fx, 'donate', 'hi')).content.hero.title).toBe('Give clean water');
      const revisions = await fx.request.get('/api/get_page_revisions.php?slug=donate').set('Authorization', fx.admin);
      expect(revisions.body.data[0]).toMatchObject({ version: page.version + 1, saved_by: { email: fx.t.admin.email } });
    },
  }),
  contractCase('updatePage', 200, 'as a draft: kept for the admin, visitors still see the published page, no content version raised', {
    arrange: async (fx) => ({ page: await edited(fx, 'home'), before: await publicView(fx, 'home'), version: await contentVersion(fx) }),
    send: (fx, { page }) => {
      const content = copy(page.content) as PageContents['home'];
      content.hero.title = { en: 'Draft title', hi: 'मसौदा शीर्षक' };
      return update(fx, { slug: 'home', version: page.version, publish: false, content });
    },
    check: async (res, fx, { page, before, version }) => {
      expect(res.body.data.version).toBe(page.version + 1);
      expect(res.body.data.draft.hero.title).toEqual({ en: 'Draft title', hi: 'मसौदा शीर्षक' });
      expect(res.body.data.content).toEqual(page.content);
      expect(await contentVersion(fx)).toBe(version);
      expect((await publicView(fx, 'home')).content).toEqual(before.content);
      const rows = (await fx.request.get('/api/get_pages.php').set('Authorization', fx.admin)).body.data;
      expect(rows.find((row: { slug: string }) => row.slug === 'home').has_draft).toBe(true);
    },
  }),
  contractCase('updatePage', 200, 'an editor publishes a fifth program with a picture from the library', {
    arrange: async (fx) => ({ page: await edited(fx, 'programs'), picture: await fx.sharedImageId(), editor: await fx.editor() }),
    send: (fx, { page, picture, editor }) => {
      const content = copy(page.content) as PageContents['programs'];
      content.items.push({ ...copy(content.items[0]!), id: 'clean-air', name: { en: 'Clean Air', hi: '' }, on_home: true, across: false, picture });
      return update(fx, { slug: 'programs', version: page.version, content }, editor.header);
    },
    check: async (res, fx, { picture }) => {
      expect(res.body.data.saved_by.email).toBe('editor@example.test');
      const items = (await publicView(fx, 'programs')).content.items as { id: string; picture: string | null }[];
      expect(items.at(-1)).toMatchObject({ id: 'clean-air', picture: `/api/image.php?id=${picture}` });
    },
  }),
  contractCase('updatePage', 400, "another page's content (the about page's under the home page)", {
    arrange: (fx) => edited(fx, 'home'),
    send: (fx, page) => update(fx, { slug: 'home', version: page.version, content: pageSeed.about }),
    // The contract ties each slug to its page's shape, so the request's own check names what is missing.
    check: (res) => expect(res.body.message).toMatch(/^Content\.impact is required/),
  }),
  contractCase('updatePage', 400, 'two programs with one id', {
    arrange: (fx) => edited(fx, 'programs'),
    send: (fx, page) => {
      const content = copy(page.content) as PageContents['programs'];
      content.items[1]!.id = content.items[0]!.id;
      return update(fx, { slug: 'programs', version: page.version, content });
    },
    check: (res) => {
      expect(res.body.message).toMatch(/^Two programs have the id "health"/);
      expect(res.body.errors).toEqual([{ field: 'content.items.1.id', message: expect.any(String) }]);
    },
  }),
  contractCase('updatePage', 400, 'a program id that cannot be a category', {
    arrange: (fx) => edited(fx, 'programs'),
    send: (fx, page) => {
      const content = copy(page.content) as PageContents['programs'];
      content.items[0]!.id = 'Clean Water';
      return update(fx, { slug: 'programs', version: page.version, content });
    },
  }),
  contractCase('updatePage', 400, 'a picture that is not in the media library', {
    arrange: (fx) => edited(fx, 'about'),
    send: (fx, page) => {
      const content = copy(page.content) as PageContents['about'];
      content.story.picture = fx.unknownId;
      return update(fx, { slug: 'about', version: page.version, content });
    },
    check: (res) =>
      expect(res.body.errors).toEqual([{ field: 'content.story.picture', message: 'content.story.picture is not an image in the media library' }]),
  }),
  contractCase('updatePage', 400, 'a photo in a long text that is not in the store', {
    arrange: (fx) => edited(fx, 'about'),
    send: (fx, page) =>
      update(fx, {
        slug: 'about',
        version: page.version,
        content: aboutStory({ type: 'doc', content: [{ type: 'image', attrs: { id: fx.unknownId, alt: 'A photo', width: 400, height: 300 } }] }),
      }),
    check: (res) => expect(res.body.errors[0].field).toBe('content.story.text.en.content.0.attrs.id'),
  }),
  hostile(
    'a node kind outside the allow-list (a script)',
    { type: 'doc', content: [{ type: 'script', content: [{ type: 'text', text: 'alert(1)' }] }] },
    'story',
  ),
  hostile('a javascript: link', link('javascript:alert(1)'), 'story'),
  hostile('a data: link', link('data:text/html;base64,PHNjcmlwdD4='), 'story'),
  hostile('an unknown mark', paragraph({ type: 'text', text: 'x', marks: [{ type: 'onclick' }] }), 'story'),
  contractCase('updatePage', 400, 'a text over its length', {
    arrange: (fx) => edited(fx, 'donate'),
    send: (fx, page) => update(fx, { slug: 'donate', version: page.version, content: donateTitled('x'.repeat(2001)) }),
  }),
  contractCase('updatePage', 400, 'no version', {
    send: (fx) => update(fx, { slug: 'donate', content: pageSeed.donate }),
    check: (res) => expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'version' })),
  }),
  contractCase('updatePage', 409, 'saved by someone else since it was opened: nothing saved, the current version named', {
    arrange: (fx) => savedMeanwhile(fx),
    send: (fx, opened) => update(fx, { slug: 'volunteer', version: opened.version, content: pageSeed.volunteer }),
    check: (res, _fx, opened) => {
      expect(res.body.current).toEqual({
        version: opened.version + 1,
        saved_by: { name: 'Test editor', email: 'editor@example.test' },
        saved_at: expect.any(String),
      });
      expect(res.body.message).toMatch(/^This page was changed by someone else since you opened it: Test editor \(editor@example.test\) saved version \d+ at /);
    },
  }),
  contractCase('updatePage', 413, 'a JSON body over 1 MB', {
    send: (fx) => postJson(fx, '/api/update_page.php', hugeJson('slug')),
  }),
  contractCase('updatePage', 415, 'a form upload instead of JSON', {
    send: (fx) => postForm(fx, '/api/update_page.php', { slug: 'donate', version: '1' }),
  }),
  ...casesOf({
    operationId: 'updatePage',
    status: 200,
    target: async (fx) => String((await edited(fx, 'donate')).version),
    send: (fx, version, v) => update(fx, { slug: 'donate', version: Number(version), content: donateTitled(`Once ${v}`) }) as Test,
  }),

  // discard_page_draft.php
  contractCase('discardPageDraft', 200, 'the draft goes; the published content stays', {
    arrange: async (fx) => {
      const page = await edited(fx, 'donate');
      const saved = await update(fx, { slug: 'donate', version: page.version, publish: false, content: donateTitled('Never published') });
      return saved.body.data as PageEdit;
    },
    send: (fx, page) => postJson(fx, '/api/discard_page_draft.php', { slug: 'donate', version: page.version }),
    check: (res, _fx, page) => {
      expect(res.body.data).toMatchObject({ version: page.version + 1, draft: null, content: page.content });
    },
  }),
  contractCase('discardPageDraft', 400, 'no slug', {
    send: (fx) => postJson(fx, '/api/discard_page_draft.php', { version: 1 }),
  }),
  contractCase('discardPageDraft', 409, 'saved by someone else since it was opened', {
    arrange: (fx) => savedMeanwhile(fx),
    send: (fx, opened) => postJson(fx, '/api/discard_page_draft.php', { slug: 'volunteer', version: opened.version }),
    check: (res, _fx, opened) => expect(res.body.current.version).toBe(opened.version + 1),
  }),
  contractCase('discardPageDraft', 413, 'a JSON body over 1 MB', {
    send: (fx) => postJson(fx, '/api/discard_page_draft.php', hugeJson('slug')),
  }),
  contractCase('discardPageDraft', 415, 'a form upload instead of JSON', {
    send: (fx) => postForm(fx, '/api/discard_page_draft.php', { slug: 'donate', version: '1' }),
  }),
  ...casesOf({
    operationId: 'discardPageDraft',
    status: 200,
    target: async (fx) => String((await edited(fx, 'donate')).version),
    send: (fx, version, v) => postJson(fx, '/api/discard_page_draft.php', { slug: 'donate', version: Number(version) + v }),
  }),

  // reset_page.php
  contractCase('resetPage', 200, 'the seed is back and raised the content version; the content before stays a revision', {
    arrange: async (fx) => {
      const page = await edited(fx, 'volunteer');
      const content = copy(page.content) as PageContents['volunteer'];
      content.form_title = { en: 'Sign up here', hi: '' };
      const saved = await update(fx, { slug: 'volunteer', version: page.version, content });
      expect(saved.status).toBe(200);
      return { page: saved.body.data as PageEdit, version: await contentVersion(fx) };
    },
    send: (fx) => postJson(fx, '/api/reset_page.php', { slug: 'volunteer' }),
    check: async (res, fx, { page, version }) => {
      expect(res.body.data).toMatchObject({ version: page.version + 1, content: pageSeed.volunteer, draft: null });
      expect(await contentVersion(fx)).toBeGreaterThan(version);
      expect((await publicView(fx, 'volunteer')).content.form_title).toBe(pageSeed.volunteer.form_title.en);
      const before = await fx.request.get(`/api/get_page_revision.php?slug=volunteer&version=${page.version}`).set('Authorization', fx.admin);
      expect(before.body.data.content.form_title.en).toBe('Sign up here');
    },
  }),
  contractCase('resetPage', 403, 'an editor (only an admin resets a page)', {
    arrange: (fx) => fx.editor(),
    send: (fx, editor) => postJson(fx, '/api/reset_page.php', { slug: 'volunteer' }, editor.header),
    check: (res) => expect(res.body.message).toBe('You need an admin account to do this'),
  }),
  contractCase('resetPage', 400, 'a page that is not editable', {
    send: (fx) => postJson(fx, '/api/reset_page.php', { slug: 'admin' }),
  }),
  contractCase('resetPage', 413, 'a JSON body over 1 MB', {
    send: (fx) => postJson(fx, '/api/reset_page.php', hugeJson('slug')),
  }),
  contractCase('resetPage', 415, 'a form upload instead of JSON', {
    send: (fx) => postForm(fx, '/api/reset_page.php', { slug: 'volunteer' }),
  }),
  ...casesOf({
    operationId: 'resetPage',
    status: 200,
    send: (fx, _t, v) => postJson(fx, '/api/reset_page.php', { slug: v ? 'contact' : 'volunteer' }),
  }),

  // Revisions.
  contractCase('listPageRevisions', 200, 'newest first, who published each', {
    arrange: (fx) => withRevisions(fx),
    send: (fx) => fx.request.get('/api/get_page_revisions.php?slug=contact').set('Authorization', fx.admin),
    check: (res, _fx, page) => {
      const versions = res.body.data.map((row: { version: number }) => row.version);
      expect(versions[0]).toBe(page.version);
      expect(versions).toEqual([...versions].sort((a, b) => b - a));
      // The seed it replaced is kept too, saved by no one.
      expect(res.body.data.at(-1)).toMatchObject({ version: 1, saved_by: null });
    },
  }),
  contractCase('listPageRevisions', 400, 'no slug', {
    send: (fx) => fx.request.get('/api/get_page_revisions.php').set('Authorization', fx.admin),
  }),
  contractCase('getPageRevision', 200, 'one revision with its content', {
    arrange: (fx) => withRevisions(fx),
    send: (fx, page) => fx.request.get(`/api/get_page_revision.php?slug=contact&version=${page.version}`).set('Authorization', fx.admin),
    check: (res, _fx, page) => expect(res.body.data).toMatchObject({ version: page.version, content: page.content }),
  }),
  contractCase('getPageRevision', 400, 'a version that is not a number', {
    send: (fx) => fx.request.get('/api/get_page_revision.php?slug=contact&version=latest').set('Authorization', fx.admin),
  }),
  contractCase('getPageRevision', 404, 'a version the page does not keep', {
    send: (fx) => fx.request.get('/api/get_page_revision.php?slug=contact&version=999999').set('Authorization', fx.admin),
    check: (res) => expect(res.body.message).toBe('This page keeps no revision with that version'),
  }),
  contractCase('restorePageRevision', 200, 'an earlier content is published again as the newest version', {
    arrange: async (fx) => ({ page: await withRevisions(fx), version: await contentVersion(fx) }),
    send: (fx, { page }) => postJson(fx, '/api/restore_page_revision.php', { slug: 'contact', revision: 1, version: page.version }),
    check: async (res, fx, { page, version }) => {
      expect(res.body.data).toMatchObject({ version: page.version + 1, content: pageSeed.contact });
      expect(await contentVersion(fx)).toBeGreaterThan(version);
      expect((await publicView(fx, 'contact')).content.hero.title).toBe(pageSeed.contact.hero.title.en);
    },
  }),
  contractCase('restorePageRevision', 400, 'no revision named', {
    send: (fx) => postJson(fx, '/api/restore_page_revision.php', { slug: 'contact', version: 1 }),
  }),
  contractCase('restorePageRevision', 404, 'a revision the page does not keep', {
    arrange: (fx) => edited(fx, 'contact'),
    send: (fx, page) => postJson(fx, '/api/restore_page_revision.php', { slug: 'contact', revision: 999999, version: page.version }),
  }),
  contractCase('restorePageRevision', 409, 'saved by someone else since it was opened', {
    arrange: async (fx) => {
      await withRevisions(fx, 'volunteer');
      return savedMeanwhile(fx);
    },
    send: (fx, opened) => postJson(fx, '/api/restore_page_revision.php', { slug: 'volunteer', revision: opened.version, version: opened.version }),
    check: (res, _fx, opened) => expect(res.body.current.version).toBe(opened.version + 1),
  }),
  contractCase('restorePageRevision', 413, 'a JSON body over 1 MB', {
    send: (fx) => postJson(fx, '/api/restore_page_revision.php', hugeJson('slug')),
  }),
  contractCase('restorePageRevision', 415, 'a form upload instead of JSON', {
    send: (fx) => postForm(fx, '/api/restore_page_revision.php', { slug: 'contact', revision: '1', version: '1' }),
  }),
  ...casesOf({
    operationId: 'restorePageRevision',
    status: 200,
    target: async (fx) => String((await withRevisions(fx)).version),
    send: (fx, version, v) => postJson(fx, '/api/restore_page_revision.php', { slug: 'contact', revision: Number(version) - v, version: Number(version) }),
  }),

  // get_page_preview_link.php
  contractCase('getPagePreviewLink', 200, "the about page's link in Hindi, for 15 minutes", {
    send: (fx) => fx.request.get('/api/get_page_preview_link.php?slug=about&lang=hi').set('Authorization', fx.admin),
    check: (res) => {
      expect(res.body.data.url).toMatch(/^\/hi\/about\?preview=\d+\.[A-Za-z0-9_-]{43}$/);
      const minutes = (Date.parse(res.body.data.expires_at) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(14);
      expect(minutes).toBeLessThanOrEqual(15);
    },
  }),
  contractCase('getPagePreviewLink', 200, "the home page's link is the site's root", {
    arrange: (fx) => fx.editor(),
    send: (fx, editor) => fx.request.get('/api/get_page_preview_link.php?slug=home').set('Authorization', editor.header),
    check: (res) => expect(res.body.data.url).toMatch(/^\/\?preview=/),
  }),
  contractCase('getPagePreviewLink', 400, 'a page that is not editable', {
    send: (fx) => fx.request.get('/api/get_page_preview_link.php?slug=blog').set('Authorization', fx.admin),
  }),

  // The media library counts the pages' pictures and long texts.
  contractCase('deleteMedia', 409, 'an image a page shows is not deleted without force; the refusal names the page', {
    arrange: async (fx) => {
      const photo = await uploadPhoto(fx);
      const page = await edited(fx, 'about');
      const content = copy(page.content) as PageContents['about'];
      content.team.people[0]!.photo = photo;
      expect((await update(fx, { slug: 'about', version: page.version, content })).status).toBe(200);
      return photo;
    },
    send: (fx, id) => postJson(fx, '/api/delete_media.php', { id }),
    check: (res) => expect(res.body.message).toBe('This image is used in the About page. Delete it anyway to remove it from there too.'),
  }),
  contractCase('deleteMedia', 200, 'forced: the page shows its own picture instead, and the photo leaves its long text', {
    arrange: async (fx) => {
      const photo = await uploadPhoto(fx);
      const page = await edited(fx, 'about');
      const content = copy(page.content) as PageContents['about'];
      content.story.picture = photo;
      content.story.text.en = {
        type: 'doc',
        content: [{ type: 'image', attrs: { id: photo, alt: 'At the well' } }, ...content.story.text.en.content],
      } as PageContents['about']['story']['text']['en'];
      const saved = await update(fx, { slug: 'about', version: page.version, content });
      expect(saved.status, saved.text).toBe(200);
      return { photo, paragraphs: (saved.body.data as PageEdit & { content: PageContents['about'] }).content.story.text.en.content.length - 1 };
    },
    send: (fx, { photo }) => postJson(fx, '/api/delete_media.php', { id: photo, force: true }),
    check: async (_res, fx, { paragraphs }) => {
      const { content } = (await edited(fx, 'about')) as PageEdit & { content: PageContents['about'] };
      expect(content.story.picture).toBeNull();
      expect(content.story.text.en.content).toHaveLength(paragraphs);
      expect(content.story.text.en.content.some((block) => block.type === 'image')).toBe(false);
      expect((await publicView(fx, 'about')).content.story.picture).toBeNull();
    },
  }),
]);
