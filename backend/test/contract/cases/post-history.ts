// A post's history: the version a save names (409 when someone saved meanwhile, nothing
// overwritten), the revisions every save leaves (the last 20), restoring one, and the autosave
// slots of the form, one per person and post. 401/403 are in auth-matrix.ts, 503 in outage.ts.
import { Types } from 'mongoose';
import { expect } from 'vitest';
import { contractCase, defineCases } from '../support/cases.js';
import type { BlogView, Fixture } from '../support/fixture.js';
import { hugeJson, image, postForm, postJson } from '../support/requests.js';
import { casesOf } from './idempotency.js';

const updateBlog = (fx: Fixture, fields: Record<string, string>, files: ReturnType<typeof image>[] = [], auth?: string) =>
  postForm(fx, '/api/update_blog.php', fields, files, auth);
const stored = (fx: Fixture, id: string) => fx.t.db.models.Blog.findById(id).lean();
const revisionsOf = (fx: Fixture, id: string) => fx.request.get(`/api/get_blog_revisions.php?id=${id}`).set('Authorization', fx.admin);
const revisionCount = (fx: Fixture, id: string) => fx.t.db.connection.db!.collection('blog_revisions').countDocuments({ post: new Types.ObjectId(id) });
const autosave = (fx: Fixture, body: Record<string, unknown>, auth: string = fx.admin) => postJson(fx, '/api/autosave_blog.php', body, auth);
const autosaved = (fx: Fixture, slot: string, auth: string = fx.admin) => fx.request.get(`/api/get_blog_autosave.php?post=${slot}`).set('Authorization', auth);

/** A post saved twice more after it was added (versions 1, 2 and 3), each time with another title. */
async function postWithHistory(fx: Fixture): Promise<BlogView> {
  const post = await fx.addBlog({ title: 'First title', content: 'The first text.' });
  for (const [version, title] of [
    ['1', 'Second title'],
    ['2', 'Third title'],
  ] as const) {
    const saved = await updateBlog(fx, { id: post.id, version, title, content: `The text as "${title}".` });
    expect(saved.status, saved.text).toBe(200);
  }
  return { ...post, title: 'Third title', version: 3 };
}

/** The post as another person saved it after `post` was opened at version 1. */
async function savedByEditorMeanwhile(fx: Fixture) {
  const post = await fx.addBlog({ title: 'Opened by two', content: 'As it was.' });
  const editor = await fx.editor();
  const theirs = await updateBlog(fx, { id: post.id, version: '1', title: 'Their title' }, [], editor.header);
  expect(theirs.status, theirs.text).toBe(200);
  return post;
}

export const postHistoryCases = defineCases('post history', [
  // Versions on update_blog.php.
  contractCase('addBlog', 201, 'a new post is at version 1 and has its first revision', {
    send: (fx) => postForm(fx, '/api/add_blog.php', { title: 'Versioned from the start' }),
    check: async (res, fx) => {
      expect(res.body.data.version).toBe(1);
      const list = await revisionsOf(fx, res.body.data.id);
      expect(list.body.data).toEqual([
        { version: 1, title: 'Versioned from the start', saved_at: expect.any(String), saved_by: { name: 'Admin', email: fx.t.admin.email } },
      ]);
    },
  }),
  contractCase('updateBlog', 200, 'the version the form was opened at: saved as the next version', {
    arrange: (fx) => fx.addBlog({ title: 'Current' }),
    send: (fx, post) => updateBlog(fx, { id: post.id, version: '1', title: 'Saved on time' }),
    check: async (res, fx, post) => {
      expect(res.body.data).toMatchObject({ title: 'Saved on time', version: 2 });
      expect((await stored(fx, post.id))?.savedBy).toEqual({ name: 'Admin', email: fx.t.admin.email });
      expect((await fx.request.get(`/api/preview_blog.php?id=${post.id}`).set('Authorization', fx.admin)).body.data.version).toBe(2);
    },
  }),
  contractCase('updateBlog', 409, 'a version someone else saved over: nothing saved, who saved it and when', {
    arrange: savedByEditorMeanwhile,
    send: (fx, post) => updateBlog(fx, { id: post.id, version: '1', title: 'My title' }),
    check: async (res, fx, post) => {
      expect(res.body.message).toMatch(/^This post was changed by someone else since you opened it: Test editor \(editor@example.test\) saved version 2 at /);
      expect(res.body.current).toEqual({ version: 2, saved_by: { name: 'Test editor', email: 'editor@example.test' }, saved_at: expect.any(String) });
      // Told apart from a write still at work: no Retry-After.
      expect(res.headers['retry-after']).toBeUndefined();
      expect((await stored(fx, post.id))?.title).toBe('Their title');
    },
  }),
  contractCase('updateBlog', 409, 'a stale version with a new image: the image is not kept either', {
    arrange: savedByEditorMeanwhile,
    send: (fx, post) => updateBlog(fx, { id: post.id, version: '1', title: 'Mine' }, [image(fx.images.png, 'mine.png')]),
    check: async (res, fx, post) => {
      expect(res.body.current.version).toBe(2);
      expect((await stored(fx, post.id))?.image).toBeNull();
    },
  }),
  contractCase('updateBlog', 200, '"Save mine anyway": sent again with the current version, it is saved', {
    arrange: savedByEditorMeanwhile,
    send: (fx, post) => updateBlog(fx, { id: post.id, version: '2', title: 'Mine after all' }),
    check: (res) => expect(res.body.data).toMatchObject({ title: 'Mine after all', version: 3 }),
  }),
  contractCase('updateBlog', 200, 'a legacy client that sends no version still saves, and the version still counts', {
    arrange: savedByEditorMeanwhile,
    send: (fx, post) => updateBlog(fx, { id: post.id, title: 'From the old client' }),
    check: (res) => expect(res.body.data).toMatchObject({ title: 'From the old client', version: 3 }),
  }),
  contractCase('updateBlog', 200, 'a post saved before versions is at version 1', {
    arrange: async (fx) => {
      const post = await fx.addBlog({ title: 'From before versions' });
      await fx.t.db.models.Blog.updateOne({ _id: post.id }, { $unset: { version: '', savedBy: '' } }, { timestamps: false });
      expect((await fx.request.get(`/api/get_blog.php?id=${post.id}`)).body.data.version).toBe(1);
      return post;
    },
    send: (fx, post) => updateBlog(fx, { id: post.id, version: '1', title: 'Now versioned' }),
    check: async (res, fx, post) => {
      expect(res.body.data.version).toBe(2);
      expect((await stored(fx, post.id))?.version).toBe(2);
    },
  }),
  contractCase('updateBlog', 409, 'a post saved before versions, named at version 2, tells that nobody is known to have saved it', {
    arrange: async (fx) => {
      const post = await fx.addBlog({ title: 'Old and unversioned' });
      await fx.t.db.models.Blog.updateOne({ _id: post.id }, { $unset: { version: '', savedBy: '' } }, { timestamps: false });
      return post;
    },
    send: (fx, post) => updateBlog(fx, { id: post.id, version: '2', title: 'Ahead of it' }),
    check: (res) => {
      expect(res.body.current).toMatchObject({ version: 1, saved_by: null });
      expect(res.body.message).toMatch(/someone saved version 1/);
    },
  }),
  contractCase('updateBlog', 400, 'a version that is not a whole number', {
    arrange: (fx) => fx.sharedBlog(),
    send: (fx, post) => updateBlog(fx, { id: post.id, version: 'latest', title: 'x' }),
    check: (res) => expect(res.body.errors?.[0]?.field).toBe('version'),
  }),
  contractCase('updateBlog', 400, 'version 0', {
    arrange: (fx) => fx.sharedBlog(),
    send: (fx, post) => updateBlog(fx, { id: post.id, version: '0', title: 'x' }),
    check: (res) => expect(res.body.errors?.[0]?.field).toBe('version'),
  }),
  contractCase('updateBlog', 404, 'an unknown id with a version', {
    send: (fx) => updateBlog(fx, { id: fx.unknownId, version: '1', title: 'Nobody' }),
  }),

  // Revisions.
  contractCase('listBlogRevisions', 200, 'who saved each version, when, newest first', {
    arrange: postWithHistory,
    send: (fx, post) => revisionsOf(fx, post.id),
    check: (res) => {
      expect(res.body.data.map((row: { version: number; title: string }) => [row.version, row.title])).toEqual([
        [3, 'Third title'],
        [2, 'Second title'],
        [1, 'First title'],
      ]);
    },
  }),
  contractCase('listBlogRevisions', 200, 'only the last 20 are kept: older ones are deleted as posts are saved', {
    arrange: async (fx) => {
      const post = await fx.addBlog({ title: 'Saved often' });
      for (let version = 1; version <= 22; version++) {
        const saved = await updateBlog(fx, { id: post.id, version: String(version), title: `Take ${version + 1}` });
        expect(saved.status, saved.text).toBe(200);
      }
      return post;
    },
    send: (fx, post) => revisionsOf(fx, post.id),
    check: async (res, fx, post) => {
      const versions = res.body.data.map((row: { version: number }) => row.version);
      expect(versions).toEqual(Array.from({ length: 20 }, (_, index) => 23 - index));
      expect(await revisionCount(fx, post.id)).toBe(20);
    },
  }),
  contractCase('listBlogRevisions', 200, 'an editor may read them', {
    arrange: async (fx) => ({ post: await fx.sharedBlog(), editor: await fx.editor() }),
    send: (fx, { post, editor }) => fx.request.get(`/api/get_blog_revisions.php?id=${post.id}`).set('Authorization', editor.header),
    check: (res) => expect(res.body.data.length).toBeGreaterThan(0),
  }),
  contractCase('listBlogRevisions', 400, 'an id that is not 24 hex characters', {
    send: (fx) => fx.request.get('/api/get_blog_revisions.php?id=latest').set('Authorization', fx.admin),
    check: (res) => expect(res.body.errors?.[0]?.field).toBe('id'),
  }),
  contractCase('listBlogRevisions', 404, 'an id no post has', {
    send: (fx) => revisionsOf(fx, fx.unknownId),
    check: (res) => expect(res.body.message).toBe('Blog post not found'),
  }),
  contractCase('getBlogRevision', 200, "an earlier version's fields, to preview", {
    arrange: postWithHistory,
    send: (fx, post) => fx.request.get(`/api/get_blog_revision.php?id=${post.id}&version=1`).set('Authorization', fx.admin),
    check: (res) => {
      expect(res.body.data).toMatchObject({ version: 1, title: 'First title', content: 'The first text.', status: 'published' });
      expect(res.body.data.body.content[0].content[0].text).toBe('The first text.');
    },
  }),
  contractCase('getBlogRevision', 400, 'a version that is not a number', {
    arrange: (fx) => fx.sharedBlog(),
    send: (fx, post) => fx.request.get(`/api/get_blog_revision.php?id=${post.id}&version=first`).set('Authorization', fx.admin),
    check: (res) => expect(res.body.errors?.[0]?.field).toBe('version'),
  }),
  contractCase('getBlogRevision', 404, 'a version the post does not keep', {
    arrange: (fx) => fx.sharedBlog(),
    send: (fx, post) => fx.request.get(`/api/get_blog_revision.php?id=${post.id}&version=99`).set('Authorization', fx.admin),
    check: (res) => expect(res.body.message).toBe('This post keeps no revision with that version'),
  }),
  contractCase('getBlogRevision', 404, 'an id no post has', {
    send: (fx) => fx.request.get(`/api/get_blog_revision.php?id=${fx.unknownId}&version=1`).set('Authorization', fx.admin),
    check: (res) => expect(res.body.message).toBe('Blog post not found'),
  }),

  // Restore.
  contractCase('restoreBlogRevision', 200, 'an earlier text becomes the newest version, public at once, with a revision of its own', {
    arrange: postWithHistory,
    send: (fx, post) => postJson(fx, '/api/restore_blog_revision.php', { id: post.id, revision: 1, version: 3 }),
    check: async (res, fx, post) => {
      expect(res.body.message).toBe("Version 1 was restored as the post's newest version");
      expect(res.body.data).toMatchObject({ title: 'First title', content: 'The first text.', version: 4 });
      expect((await fx.request.get(`/api/get_blog.php?id=${post.id}`)).body.data).toMatchObject({ title: 'First title', content: 'The first text.' });
      expect((await revisionsOf(fx, post.id)).body.data[0]).toMatchObject({ version: 4, title: 'First title' });
    },
  }),
  contractCase('restoreBlogRevision', 200, "an editor may restore; the post's status and image stay", {
    arrange: async (fx) => {
      const post = await fx.addBlog({ title: 'Published first', content: 'One' }, fx.images.jpeg);
      expect((await updateBlog(fx, { id: post.id, version: '1', title: 'Now a draft', status: 'draft' })).status).toBe(200);
      return { post, editor: await fx.editor() };
    },
    send: (fx, { post, editor }) => postJson(fx, '/api/restore_blog_revision.php', { id: post.id, revision: 1, version: 2 }, editor.header),
    check: (res, _fx, { post }) => expect(res.body.data).toMatchObject({ title: 'Published first', status: 'draft', image_url: post.image_url, version: 3 }),
  }),
  contractCase('restoreBlogRevision', 409, 'the post was saved since the caller opened it: nothing restored', {
    arrange: postWithHistory,
    send: (fx, post) => postJson(fx, '/api/restore_blog_revision.php', { id: post.id, revision: 1, version: 2 }),
    check: async (res, fx, post) => {
      expect(res.body.current.version).toBe(3);
      expect(res.headers['retry-after']).toBeUndefined();
      expect((await stored(fx, post.id))?.title).toBe('Third title');
    },
  }),
  contractCase('restoreBlogRevision', 400, 'a version written as a string', {
    arrange: (fx) => fx.sharedBlog(),
    send: (fx, post) => postJson(fx, '/api/restore_blog_revision.php', { id: post.id, revision: 1, version: '1' }),
    check: (res) => expect(res.body.errors?.[0]?.field).toBe('version'),
  }),
  contractCase('restoreBlogRevision', 400, 'an operator object as the version', {
    arrange: (fx) => fx.sharedBlog(),
    send: (fx, post) => postJson(fx, '/api/restore_blog_revision.php', { id: post.id, revision: 1, version: { $gt: 0 } }),
    check: (res) => expect(res.body.errors?.[0]?.field).toBe('version'),
  }),
  contractCase('restoreBlogRevision', 400, 'no revision named', {
    arrange: (fx) => fx.sharedBlog(),
    send: (fx, post) => postJson(fx, '/api/restore_blog_revision.php', { id: post.id, version: 1 }),
  }),
  contractCase('restoreBlogRevision', 404, 'a revision the post does not keep', {
    arrange: (fx) => fx.sharedBlog(),
    send: (fx, post) => postJson(fx, '/api/restore_blog_revision.php', { id: post.id, revision: 40, version: 1 }),
    check: (res) => expect(res.body.message).toBe('This post keeps no revision with that version'),
  }),
  contractCase('restoreBlogRevision', 404, 'an id no post has', {
    send: (fx) => postJson(fx, '/api/restore_blog_revision.php', { id: fx.unknownId, revision: 1, version: 1 }),
  }),
  contractCase('restoreBlogRevision', 413, 'a JSON body over 1 MB', {
    send: (fx) => postJson(fx, '/api/restore_blog_revision.php', hugeJson()),
  }),
  contractCase('restoreBlogRevision', 415, 'a form upload instead of JSON', {
    arrange: (fx) => fx.sharedBlog(),
    send: (fx, post) => postForm(fx, '/api/restore_blog_revision.php', { id: post.id, revision: '1', version: '1' }),
  }),
  contractCase('deleteBlog', 200, "a deleted post's revisions and autosaves go with it", {
    arrange: async (fx) => {
      const post = await postWithHistory(fx);
      expect((await autosave(fx, { post: post.id, title: 'Half typed' })).status).toBe(200);
      return post;
    },
    send: (fx, post) => postJson(fx, '/api/delete_blog.php', { id: post.id }),
    check: async (_res, fx, post) => {
      expect(await revisionCount(fx, post.id)).toBe(0);
      expect(await fx.t.db.connection.db!.collection('blog_autosaves').countDocuments({ post: post.id })).toBe(0);
    },
  }),

  // Autosaves.
  contractCase('autosaveBlog', 200, 'kept apart: the post and its version do not change', {
    arrange: (fx) => fx.addBlog({ title: 'Saved title' }),
    send: (fx, post) => autosave(fx, { post: post.id, version: 1, title: 'Half-typed title', body: '{"type":"doc","content":[' }),
    check: async (res, fx, post) => {
      expect(res.body.message).toBe('Draft saved');
      expect(res.body.data).toEqual({ post: post.id, version: 1, saved_at: expect.any(String) });
      expect(await stored(fx, post.id)).toMatchObject({ title: 'Saved title', version: 1 });
      const mine = await autosaved(fx, post.id);
      expect(mine.body.data.fields).toEqual({ title: 'Half-typed title', body: '{"type":"doc","content":[' });
    },
  }),
  contractCase('autosaveBlog', 200, 'the form of a new post has its own slot', {
    send: (fx) => autosave(fx, { post: 'new', title: 'Not yet a post' }),
    check: async (res, fx) => {
      expect(res.body.data.version).toBeNull();
      expect((await autosaved(fx, 'new')).body.data.fields.title).toBe('Not yet a post');
    },
  }),
  contractCase('autosaveBlog', 200, 'slots are per person: an editor and an admin on one post each see their own', {
    arrange: async (fx) => {
      const post = await fx.addBlog({ title: 'Shared by two' });
      expect((await autosave(fx, { post: post.id, title: "The admin's words" })).status).toBe(200);
      return { post, editor: await fx.editor() };
    },
    send: (fx, { post, editor }) => autosave(fx, { post: post.id, title: "The editor's words" }, editor.header),
    check: async (_res, fx, { post, editor }) => {
      expect((await autosaved(fx, post.id)).body.data.fields.title).toBe("The admin's words");
      expect((await autosaved(fx, post.id, editor.header)).body.data).toMatchObject({ fields: { title: "The editor's words" }, version: 1 });
    },
  }),
  contractCase('autosaveBlog', 200, 'a person keeps at most 20 slots: the oldest goes', {
    arrange: async (fx) => {
      const account = await fx.addAccount('editor', 'busy-editor@example.test');
      const header = `Bearer ${fx.t.makeToken({ role: 'editor', sub: account.id })}`;
      const posts: BlogView[] = [];
      for (let index = 0; index < 21; index++) posts.push(await fx.addBlog({ title: `Slot ${index}` }));
      for (const post of posts.slice(0, 20)) expect((await autosave(fx, { post: post.id, title: 'typing' }, header)).status).toBe(200);
      return { posts, header, account };
    },
    send: (fx, { posts, header }) => autosave(fx, { post: posts[20]!.id, title: 'typing' }, header),
    check: async (_res, fx, { posts, header, account }) => {
      expect(await fx.t.db.connection.db!.collection('blog_autosaves').countDocuments({ user: account.id })).toBe(20);
      expect((await autosaved(fx, posts[0]!.id, header)).body.data).toBeNull();
      expect((await autosaved(fx, posts[20]!.id, header)).body.data).not.toBeNull();
    },
  }),
  contractCase('autosaveBlog', 400, 'a slot that is neither "new" nor an id', {
    send: (fx) => autosave(fx, { post: 'latest', title: 'x' }),
    check: (res) => expect(res.body.errors?.[0]?.field).toBe('post'),
  }),
  contractCase('autosaveBlog', 400, 'a text over the size of a post', {
    send: (fx) => autosave(fx, { post: 'new', body: 'x'.repeat(200_001) }),
    check: (res) => expect(res.body.errors?.[0]?.field).toBe('body'),
  }),
  contractCase('autosaveBlog', 400, 'an operator object as the version', {
    send: (fx) => autosave(fx, { post: 'new', version: { $gt: 0 } }),
    check: (res) => expect(res.body.errors?.[0]?.field).toBe('version'),
  }),
  contractCase('autosaveBlog', 404, 'an id no post has', {
    send: (fx) => autosave(fx, { post: fx.unknownId, title: 'Nobody' }),
    check: (res) => expect(res.body.message).toBe('Blog post not found'),
  }),
  contractCase('autosaveBlog', 413, 'a JSON body over 1 MB', {
    send: (fx) => postJson(fx, '/api/autosave_blog.php', hugeJson('post')),
  }),
  contractCase('autosaveBlog', 415, 'a form upload instead of JSON', {
    send: (fx) => postForm(fx, '/api/autosave_blog.php', { post: 'new' }),
  }),
  contractCase('getBlogAutosave', 200, 'none yet: null', {
    send: (fx) => autosaved(fx, fx.unknownId),
    check: (res) => expect(res.body).toEqual({ success: true, data: null }),
  }),
  contractCase('getBlogAutosave', 400, 'a slot that is neither "new" nor an id', {
    send: (fx) => autosaved(fx, 'mine'),
    check: (res) => expect(res.body.errors?.[0]?.field).toBe('post'),
  }),
  contractCase('updateBlog', 200, "a real save clears the saver's autosave, not anyone else's", {
    arrange: async (fx) => {
      const post = await fx.addBlog({ title: 'Typed on by two' });
      const editor = await fx.editor();
      expect((await autosave(fx, { post: post.id, title: 'Admin typing' })).status).toBe(200);
      expect((await autosave(fx, { post: post.id, title: 'Editor typing' }, editor.header)).status).toBe(200);
      return { post, editor };
    },
    send: (fx, { post }) => updateBlog(fx, { id: post.id, version: '1', title: 'Admin typing' }),
    check: async (_res, fx, { post, editor }) => {
      expect((await autosaved(fx, post.id)).body.data).toBeNull();
      expect((await autosaved(fx, post.id, editor.header)).body.data.fields.title).toBe('Editor typing');
    },
  }),
  contractCase('addBlog', 201, "adding a post clears the adder's autosave of the new-post form", {
    arrange: async (fx) => expect((await autosave(fx, { post: 'new', title: 'About to be added' })).status).toBe(200),
    send: (fx) => postForm(fx, '/api/add_blog.php', { title: 'About to be added' }),
    check: async (_res, fx) => expect((await autosaved(fx, 'new')).body.data).toBeNull(),
  }),
  contractCase('discardBlogAutosave', 200, 'Discard drops the slot', {
    arrange: async (fx) => expect((await autosave(fx, { post: 'new', title: 'Unwanted' })).status).toBe(200),
    send: (fx) => postJson(fx, '/api/discard_blog_autosave.php', { post: 'new' }),
    check: async (res, fx) => {
      expect(res.body).toEqual({ success: true, message: 'The unsaved changes were discarded' });
      expect((await autosaved(fx, 'new')).body.data).toBeNull();
    },
  }),
  contractCase('discardBlogAutosave', 400, 'a slot that is neither "new" nor an id', {
    send: (fx) => postJson(fx, '/api/discard_blog_autosave.php', { post: { $ne: null } }),
    check: (res) => expect(res.body.errors?.[0]?.field).toBe('post'),
  }),
  contractCase('discardBlogAutosave', 413, 'a JSON body over 1 MB', {
    send: (fx) => postJson(fx, '/api/discard_blog_autosave.php', hugeJson('post')),
  }),
  contractCase('discardBlogAutosave', 415, 'a form upload instead of JSON', {
    send: (fx) => postForm(fx, '/api/discard_blog_autosave.php', { post: 'new' }),
  }),

  // Idempotency-Key on the new writes: replay, 422 with another body, 409 while at work.
  ...casesOf({
    operationId: 'restoreBlogRevision',
    status: 200,
    target: async (fx) => (await postWithHistory(fx)).id,
    send: (fx, id, v) => postJson(fx, '/api/restore_blog_revision.php', { id, revision: v + 1, version: 3 }),
  }),
  ...casesOf({
    operationId: 'autosaveBlog',
    status: 200,
    send: (fx, _t, v) => autosave(fx, { post: 'new', title: `Typing ${v}` }),
  }),
  ...casesOf({
    operationId: 'discardBlogAutosave',
    status: 200,
    send: (fx, _t, v) => postJson(fx, '/api/discard_blog_autosave.php', { post: v ? fx.unknownId : 'new' }),
  }),
]);
