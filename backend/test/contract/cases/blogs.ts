// Every documented answer of the blog operations, except 401/403 (auth-matrix.ts) and 503 (outage.ts).
import { expect } from 'vitest';
import { contractCase, defineCases, listRevalidated } from '../support/cases.js';
import { imageIdOf, type Fixture } from '../support/fixture.js';
import { hugeJson, image, postForm, postJson, today } from '../support/requests.js';

const addBlog = (fx: Fixture, fields: Record<string, string>, files = [image(fx.images.jpeg)]) => postForm(fx, '/api/add_blog.php', fields, files);
const updateBlog = (fx: Fixture, fields: Record<string, string>, files: ReturnType<typeof image>[] = []) => postForm(fx, '/api/update_blog.php', fields, files);
const imageStatus = async (fx: Fixture, imageId: string) => (await fx.request.get(`/api/image.php?id=${imageId}`)).status;
const storedBlog = (fx: Fixture, id: string) => fx.t.db.models.Blog.findById(id).lean();

export const blogCases = defineCases('blogs', [
  contractCase('listBlogs', 200, 'lists the posts, newest first', {
    arrange: async (fx) => ({ older: await fx.sharedBlog(), newer: await fx.addBlog({ title: 'A newer post' }) }),
    send: (fx) => fx.request.get('/api/get_blogs.php'),
    check: (res, _fx, { older, newer }) => {
      const ids = (res.body as { id: string }[]).map((blog) => blog.id);
      expect(ids).toContain(older.id);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    },
  }),
  contractCase('getBlog', 200, 'one post by id', {
    arrange: (fx) => fx.sharedBlog(),
    send: (fx, blog) => fx.request.get(`/api/get_blog.php?id=${blog.id}`),
    check: (res, _fx, blog) => expect(res.body.data).toEqual(blog),
  }),
  contractCase('listBlogs', 200, 'a summary page: no content, the total and the next page in headers', {
    arrange: async (fx) => {
      const tag = `p${Date.now().toString(36)}`;
      const posts = [];
      for (const title of ['Solar lamps', 'Seed bank', 'School library']) posts.push(await fx.addBlog({ title: `${title} ${tag}`, category: 'reforestation' }));
      return { tag, posts };
    },
    send: (fx, { tag }) => fx.request.get(`/api/get_blogs.php?limit=2&page=1&fields=summary&category=reforestation&q=${tag.toUpperCase()}`),
    check: async (res, fx, { tag, posts }) => {
      expect((res.body as { title: string }[]).map((post) => post.title)).toEqual([`School library ${tag}`, `Seed bank ${tag}`]);
      for (const post of res.body as object[]) expect(post).not.toHaveProperty('content');
      expect(res.headers['x-total-count']).toBe('3');
      const next = /^<([^>]+)>; rel="next"$/.exec(res.headers.link as string)?.[1];
      expect(next).toMatch(/page=2/);
      const second = await fx.request.get(next!);
      expect(second.body.map((post: { id: string }) => post.id)).toEqual([posts[0]!.id]);
      expect(second.body[0]).not.toHaveProperty('content');
      expect(second.headers.link).toMatch(/page=1.*rel="prev"$/);
      const search = await fx.request.get(`/api/get_blogs.php?q=seed%20bank%20${tag}`);
      expect(search.body.map((post: { title: string }) => post.title)).toEqual([`Seed bank ${tag}`]);
      expect(search.headers['x-total-count']).toBeUndefined();
      expect(search.body[0].content).toBeTypeOf('string');
    },
  }),
  contractCase('listBlogs', 400, 'a page size over 50', {
    send: (fx) => fx.request.get('/api/get_blogs.php?limit=51'),
    check: (res) => expect(res.body.errors?.[0]?.field).toBe('limit'),
  }),
  listRevalidated('listBlogs', '/api/get_blogs.php', 'the list again with its ETag: 304, nothing sent', (fx) => fx.sharedBlog()),
  contractCase('getBlog', 304, 'one post again with its ETag: 304', {
    arrange: async (fx) => {
      const blog = await fx.sharedBlog();
      return { blog, etag: (await fx.request.get(`/api/get_blog.php?id=${blog.id}`)).headers.etag as string };
    },
    send: (fx, { blog, etag }) => fx.request.get(`/api/get_blog.php?id=${blog.id}`).set('If-None-Match', etag),
  }),
  contractCase('getBlog', 400, 'an id that is not 24 hex characters', {
    send: (fx) => fx.request.get('/api/get_blog.php?id=first-post'),
    check: (res) => expect(res.body.errors?.[0]?.field).toBe('id'),
  }),
  contractCase('getBlog', 400, 'no id at all', {
    send: (fx) => fx.request.get('/api/get_blog.php'),
  }),
  contractCase('getBlog', 404, 'an id no post has', {
    send: (fx) => fx.request.get(`/api/get_blog.php?id=${fx.unknownId}`),
    check: (res) => expect(res.body.message).toBe('Blog post not found'),
  }),
  contractCase('addBlog', 201, 'every field and an image: stored trimmed, image served', {
    send: (fx) =>
      addBlog(fx, {
        title: '  Clean water for Namkum  ',
        excerpt: 'Ten new hand pumps',
        date: '2024-03-05',
        author: ' Priya ',
        category: 'health',
        content: 'The long story.',
      }),
    check: async (res, fx) => {
      expect(res.body.message).toBe('Blog post added successfully');
      expect(res.body.data).toMatchObject({
        title: 'Clean water for Namkum',
        excerpt: 'Ten new hand pumps',
        date: '2024-03-05',
        author: 'Priya',
        category: 'health',
        content: 'The long story.',
      });
      expect(await imageStatus(fx, imageIdOf(res.body.data))).toBe(200);
      expect((await fx.request.get(`/api/get_blog.php?id=${res.body.data.id}`)).body.data).toEqual(res.body.data);
    },
  }),
  contractCase('addBlog', 201, 'only a title: no image, today as the date, empty texts', {
    send: (fx) => addBlog(fx, { title: 'Just a title' }, []),
    check: (res) =>
      expect(res.body.data).toMatchObject({ title: 'Just a title', image_url: null, date: today(), excerpt: '', category: '', author: '', content: '' }),
  }),
  contractCase('addBlog', 400, 'no title', {
    send: (fx) => addBlog(fx, { excerpt: 'No title here', category: 'health' }),
    check: (res) => expect(res.body.message).toBe('Please fill all required fields'),
  }),
  contractCase('addBlog', 400, 'a category that cannot be a program id (capitals and a space)', {
    send: (fx) => addBlog(fx, { title: 'Wrong category', category: 'Sports Day' }),
    check: (res) => expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'category' })),
  }),
  contractCase('addBlog', 201, 'a program id no program has (yet): stored as sent', {
    send: (fx) => addBlog(fx, { title: 'A new program', category: 'sports' }),
    check: (res) => expect(res.body.data.category).toBe('sports'),
  }),
  contractCase('updateBlog', 200, 'a program id no program has (yet): stored as sent', {
    arrange: (fx) => fx.addBlog({ title: 'Moved to a new program', category: 'health' }),
    send: (fx, blog) => postForm(fx, '/api/update_blog.php', { id: blog.id, category: 'clean-air' }),
    check: (res) => expect(res.body.data.category).toBe('clean-air'),
  }),
  contractCase('addBlog', 413, 'an image over the upload limit', {
    send: (fx) => addBlog(fx, { title: 'Big picture' }, [image(fx.images.oversized, 'big.png')]),
    check: (res) => expect(res.body.message).toContain('big.png'),
  }),
  contractCase('addBlog', 415, 'a text file named .jpg', {
    send: (fx) => addBlog(fx, { title: 'Not a picture' }, [image(fx.images.text, 'notes.jpg')]),
    check: (res) => expect(res.body.message).toContain('notes.jpg'),
  }),
  contractCase('addBlog', 415, 'JSON instead of a form upload', {
    send: (fx) => postJson(fx, '/api/add_blog.php', { title: 'As JSON' }),
  }),
  contractCase('updateBlog', 200, 'a new title only: the other fields and the image stay', {
    arrange: (fx) => fx.addBlog({ title: 'Before', excerpt: 'Kept', category: 'education', date: '2024-01-02' }, fx.images.jpeg),
    send: (fx, blog) => updateBlog(fx, { id: blog.id, title: 'After' }),
    check: (res, _fx, blog) => {
      expect(res.body.message).toBe('Blog post updated successfully');
      expect(res.body.data).toMatchObject({ ...blog, title: 'After', updated_at: expect.any(String), version: 2 });
    },
  }),
  contractCase('updateBlog', 200, 'a new image replaces the old one, whose files are deleted', {
    arrange: (fx) => fx.addBlog({ title: 'Old picture' }, fx.images.jpeg),
    send: (fx, blog) => updateBlog(fx, { id: blog.id, title: 'Old picture' }, [image(fx.images.png, 'new.png')]),
    check: async (res, fx, blog) => {
      expect(res.body.data.image_url).not.toBe(blog.image_url);
      expect(await imageStatus(fx, imageIdOf(blog))).toBe(404);
      const served = await fx.request.get(res.body.data.image_url);
      expect(served.headers['content-type']).toBe('image/png');
    },
  }),
  contractCase('updateBlog', 400, 'no id', {
    send: (fx) => updateBlog(fx, { title: 'Which one?' }),
    check: (res) => expect(res.body.message).toBe('Please fill all required fields'),
  }),
  contractCase('updateBlog', 404, 'an id no post has', {
    send: (fx) => updateBlog(fx, { id: fx.unknownId, title: 'Nobody' }, [image(fx.images.jpeg)]),
  }),
  contractCase('updateBlog', 413, 'an oversized replacement image: the post and its image stay', {
    arrange: (fx) => fx.sharedBlog(),
    send: (fx, blog) => updateBlog(fx, { id: blog.id, title: 'Changed?' }, [image(fx.images.oversized, 'big.png')]),
  }),
  contractCase('updateBlog', 415, 'a replacement that is not an image: the post stays', {
    arrange: (fx) => fx.sharedBlog(),
    send: (fx, blog) => updateBlog(fx, { id: blog.id, title: 'Changed?' }, [image(fx.images.text, 'notes.jpg')]),
  }),
  contractCase('deleteBlog', 200, 'deletes the post and its image files', {
    arrange: (fx) => fx.addBlog({ title: 'To delete' }, fx.images.jpeg),
    send: (fx, blog) => postJson(fx, '/api/delete_blog.php', { id: blog.id }),
    check: async (res, fx, blog) => {
      expect(res.body).toEqual({ success: true, message: 'Blog post deleted successfully' });
      expect(await storedBlog(fx, blog.id)).toBeNull();
      expect(await imageStatus(fx, imageIdOf(blog))).toBe(404);
      const files = await fx.t.db.connection.db!.collection('images.files').countDocuments({ 'metadata.owner': blog.id });
      expect(files).toBe(0);
    },
  }),
  contractCase('deleteBlog', 400, 'an id that is not 24 hex characters', {
    send: (fx) => postJson(fx, '/api/delete_blog.php', { id: '12345' }),
  }),
  contractCase('deleteBlog', 404, 'an id no post has', {
    arrange: (fx) => fx.sharedBlog(),
    send: (fx) => postJson(fx, '/api/delete_blog.php', { id: fx.unknownId }),
    check: (res) => expect(res.body.message).toBe('Blog post not found'),
  }),
  contractCase('deleteBlog', 413, 'a JSON body over 1 MB', {
    send: (fx) => postJson(fx, '/api/delete_blog.php', hugeJson()),
  }),
  contractCase('deleteBlog', 415, 'a form upload instead of JSON', {
    arrange: (fx) => fx.sharedBlog(),
    send: (fx, blog) => postForm(fx, '/api/delete_blog.php', { id: blog.id }),
  }),
  // Drafts: kept from the public, seen and previewed by the admin.
  contractCase('addBlog', 201, 'a post added as a draft is kept as a draft', {
    send: (fx) => addBlog(fx, { title: 'Draft on arrival', status: 'draft' }, []),
    check: async (res, fx) => {
      expect(res.body.data.status).toBe('draft');
      expect((await storedBlog(fx, res.body.data.id))?.status).toBe('draft');
    },
  }),
  contractCase('addBlog', 400, 'a status that is neither draft nor published', {
    send: (fx) => addBlog(fx, { title: 'Odd', status: 'hidden' }, []),
    check: (res) => expect(res.body.errors?.[0]?.field).toBe('status'),
  }),
  contractCase('listBlogs', 200, 'a draft is left out of the public list', {
    arrange: (fx) => fx.addBlog({ title: 'Unlisted draft', status: 'draft' }),
    send: (fx) => fx.request.get('/api/get_blogs.php').set('Authorization', fx.admin),
    check: (res, _fx, draft) => {
      const list = res.body as { id: string; status: string }[];
      expect(list.map((blog) => blog.id)).not.toContain(draft.id);
      expect(list.every((blog) => blog.status === 'published')).toBe(true);
    },
  }),
  contractCase('getBlog', 404, 'a draft is not found on its public address, even with an admin token', {
    arrange: (fx) => fx.addBlog({ title: 'Hidden draft', status: 'draft' }),
    send: (fx, draft) => fx.request.get(`/api/get_blog.php?id=${draft.id}`).set('Authorization', fx.admin),
    check: (res) => expect(res.body.message).toBe('Blog post not found'),
  }),
  contractCase('getBlog', 200, 'a post saved before drafts existed (no status) is published', {
    arrange: async (fx) => {
      const blog = await fx.addBlog({ title: 'From before drafts' });
      await fx.t.db.models.Blog.updateOne({ _id: blog.id }, { $unset: { status: '' } });
      return blog;
    },
    send: (fx, blog) => fx.request.get(`/api/get_blog.php?id=${blog.id}`),
    check: (res) => expect(res.body.data.status).toBe('published'),
  }),
  contractCase('updateBlog', 200, 'publishing a draft makes it public', {
    arrange: (fx) => fx.addBlog({ title: 'Soon public', status: 'draft' }),
    send: (fx, draft) => updateBlog(fx, { id: draft.id, status: 'published' }),
    check: async (res, fx, draft) => {
      expect(res.body.data).toMatchObject({ id: draft.id, title: 'Soon public', status: 'published' });
      expect((await fx.request.get(`/api/get_blog.php?id=${draft.id}`)).status).toBe(200);
    },
  }),
  contractCase('listAllBlogs', 200, 'every post, drafts and published, newest first', {
    arrange: async (fx) => ({ published: await fx.sharedBlog(), draft: await fx.addBlog({ title: 'Listed draft', status: 'draft' }) }),
    send: (fx) => fx.request.get('/api/get_all_blogs.php').set('Authorization', fx.admin),
    check: (res, _fx, { published, draft }) => {
      const list = res.body.data as { id: string; status: string }[];
      expect(list.find((blog) => blog.id === draft.id)?.status).toBe('draft');
      expect(list.find((blog) => blog.id === published.id)?.status).toBe('published');
      expect(list.findIndex((blog) => blog.id === draft.id)).toBeLessThan(list.findIndex((blog) => blog.id === published.id));
    },
  }),
  contractCase('previewBlog', 200, 'a draft, as it will look', {
    arrange: (fx) => fx.addBlog({ title: 'Previewed draft', content: 'Text', status: 'draft' }),
    send: (fx, draft) => fx.request.get(`/api/preview_blog.php?id=${draft.id}`).set('Authorization', fx.admin),
    check: (res, _fx, draft) => expect(res.body.data).toEqual(draft),
  }),
  contractCase('previewBlog', 400, 'an id that is not 24 hex characters', {
    send: (fx) => fx.request.get('/api/preview_blog.php?id=draft').set('Authorization', fx.admin),
    check: (res) => expect(res.body.errors?.[0]?.field).toBe('id'),
  }),
  contractCase('previewBlog', 404, 'an id no post has', {
    send: (fx) => fx.request.get(`/api/preview_blog.php?id=${fx.unknownId}`).set('Authorization', fx.admin),
  }),
]);
