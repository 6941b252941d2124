// The Hindi text of posts and gallery items, and `lang=hi` on the public reads.
import { expect } from 'vitest';
import { contractCase, defineCases } from '../support/cases.js';
import type { Fixture } from '../support/fixture.js';
import { image, postForm } from '../support/requests.js';

const hindiPost = { title: 'बीज बैंक के लिए बारिश', excerpt: 'एक गाँव ने अपने बीज कैसे बचाए', content: 'पहला अनुच्छेद।' };
const hindiFields = { title_hi: hindiPost.title, excerpt_hi: hindiPost.excerpt, content_hi: hindiPost.content };

/** One post with a Hindi version and one without, both with a word to find them by. */
async function twoPosts(fx: Fixture) {
  const tag = `h${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const english = await fx.addBlog({ title: `Solar lamps ${tag}`, excerpt: 'Light for study', content: 'English only.', category: 'education' });
  const translated = await fx.addBlog({
    title: `Rain for the seed bank ${tag}`,
    excerpt: 'Seeds kept',
    content: 'First paragraph.',
    category: 'education',
    ...hindiFields,
    title_hi: `${hindiPost.title} ${tag}`,
  });
  return { tag, english, translated };
}

async function twoGalleryItems(fx: Fixture) {
  const tag = `g${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const add = (fields: Record<string, string>) => postForm(fx, '/api/add_gallery_image.php', { category: 'health', ...fields }, [image(fx.images.jpeg)]);
  const english = (await add({ title: `Health camp ${tag}`, caption: 'Doctors in the village' })).body.data[0];
  const translated = (
    await add({ title: `Water test ${tag}`, caption: 'Testing the pump', title_hi: `पानी की जाँच ${tag}`, caption_hi: 'चापाकल के पानी की जाँच' })
  ).body.data[0];
  return { tag, english, translated };
}

const hindiOnlyFields = ['title_hi', 'excerpt_hi', 'content_hi', 'caption_hi'];

export const hindiCases = defineCases('hindi', [
  contractCase('listBlogs', 200, 'lang=hi: the Hindi text where a post has it, the English marked text_lang=en where not, no *_hi fields', {
    arrange: twoPosts,
    send: (fx, { tag }) => fx.request.get(`/api/get_blogs.php?lang=hi&q=${tag}`),
    check: async (res, fx, { tag, english, translated }) => {
      const byId = new Map((res.body as Record<string, unknown>[]).map((post) => [post.id, post]));
      expect(byId.get(translated.id)).toMatchObject({ ...hindiPost, title: `${hindiPost.title} ${tag}`, text_lang: 'hi', category: 'education' });
      expect(byId.get(english.id)).toMatchObject({ title: `Solar lamps ${tag}`, excerpt: 'Light for study', content: 'English only.', text_lang: 'en' });
      for (const post of byId.values()) for (const field of hindiOnlyFields) expect(post).not.toHaveProperty(field);
      // The English answer is the legacy one, with the stored Hindi for the admin's forms.
      const plain = await fx.request.get(`/api/get_blogs.php?q=${tag}`);
      const plainTranslated = plain.body.find((post: { id: string }) => post.id === translated.id);
      expect(plainTranslated).toMatchObject({ title: `Rain for the seed bank ${tag}`, title_hi: `${hindiPost.title} ${tag}`, content_hi: hindiPost.content });
      expect(plainTranslated).not.toHaveProperty('text_lang');
    },
  }),
  contractCase('listBlogs', 200, 'lang=hi on a summary page: searched in Hindi too, no content, the next page keeps lang=hi', {
    arrange: twoPosts,
    send: (fx, { tag }) => fx.request.get(`/api/get_blogs.php?lang=hi&fields=summary&limit=1&q=${encodeURIComponent(tag)}`),
    check: async (res, fx, { tag, translated }) => {
      expect(res.headers['x-total-count']).toBe('2');
      expect(res.body[0]).not.toHaveProperty('content');
      const next = /^<([^>]+)>; rel="next"$/.exec(res.headers.link as string)?.[1];
      expect(next).toMatch(/lang=hi/);
      expect((await fx.request.get(next!)).body[0].text_lang).toBeTypeOf('string');
      const inHindi = await fx.request.get(`/api/get_blogs.php?lang=hi&fields=summary&limit=12&q=${encodeURIComponent(`बीज बैंक के लिए बारिश ${tag}`)}`);
      expect(inHindi.body.map((post: { id: string }) => post.id)).toEqual([translated.id]);
      // An English search does not look in the Hindi text.
      expect((await fx.request.get(`/api/get_blogs.php?q=${encodeURIComponent('बीज बैंक के लिए बारिश')}`)).body).toEqual([]);
    },
  }),
  contractCase('getBlog', 200, 'one post with lang=hi, cached apart from the English answer', {
    arrange: async (fx) => {
      const { translated } = await twoPosts(fx);
      // Read in English first: a cache keyed without `lang` would now answer the Hindi read in English.
      await fx.request.get(`/api/get_blog.php?id=${translated.id}`);
      return translated;
    },
    send: (fx, post) => fx.request.get(`/api/get_blog.php?id=${post.id}&lang=hi`),
    check: async (res, fx, post) => {
      expect(res.body.data).toMatchObject({ id: post.id, content: hindiPost.content, excerpt: hindiPost.excerpt, text_lang: 'hi' });
      const english = await fx.request.get(`/api/get_blog.php?id=${post.id}&lang=en`);
      expect(english.body.data).toMatchObject({ content: 'First paragraph.', title_hi: post.title_hi });
      expect(english.body.data).not.toHaveProperty('text_lang');
      expect(english.headers.etag).not.toBe(res.headers.etag);
    },
  }),
  contractCase('getBlog', 200, 'a post without Hindi, read with lang=hi: the English text, text_lang=en', {
    arrange: async (fx) => (await twoPosts(fx)).english,
    send: (fx, post) => fx.request.get(`/api/get_blog.php?id=${post.id}&lang=hi`),
    check: (res, _fx, post) => expect(res.body.data).toMatchObject({ title: post.title, content: 'English only.', text_lang: 'en' }),
  }),
  contractCase('listPublicGallery', 200, 'the gallery with lang=hi: Hindi title and caption where an item has them', {
    arrange: twoGalleryItems,
    send: (fx, { tag }) => fx.request.get(`/api/get_gallery.php?lang=hi&q=${tag}`),
    check: (res, _fx, { tag, english, translated }) => {
      const byId = new Map((res.body as Record<string, unknown>[]).map((item) => [item.id, item]));
      expect(byId.get(translated.id)).toMatchObject({ title: `पानी की जाँच ${tag}`, caption: 'चापाकल के पानी की जाँच', text_lang: 'hi' });
      expect(byId.get(english.id)).toMatchObject({ title: `Health camp ${tag}`, caption: 'Doctors in the village', text_lang: 'en' });
      for (const item of byId.values()) for (const field of hindiOnlyFields) expect(item).not.toHaveProperty(field);
    },
  }),
  ...(['get_blogs.php', 'get_gallery.php'] as const).map((path) =>
    contractCase(path === 'get_blogs.php' ? 'listBlogs' : 'listPublicGallery', 400, `${path} with a language the site does not have`, {
      send: (fx) => fx.request.get(`/api/${path}?lang=fr`),
      check: (res) => expect(res.body.errors?.[0]?.field).toBe('lang'),
    }),
  ),
  contractCase('getBlog', 400, 'get_blog.php with lang given twice', {
    arrange: (fx) => fx.sharedBlog(),
    send: (fx, post) => fx.request.get(`/api/get_blog.php?id=${post.id}&lang=hi&lang=en`),
    check: (res) => expect(JSON.stringify(res.body)).toContain('lang'),
  }),
  contractCase('addBlog', 201, 'a post added with its Hindi text: stored trimmed and answered', {
    send: (fx) => postForm(fx, '/api/add_blog.php', { title: 'Hand pumps', title_hi: '  चापाकल  ', excerpt_hi: 'दस नए चापाकल', content_hi: 'लंबी कहानी।' }),
    check: async (res, fx) => {
      expect(res.body.data).toMatchObject({ title: 'Hand pumps', title_hi: 'चापाकल', excerpt_hi: 'दस नए चापाकल', content_hi: 'लंबी कहानी।' });
      const stored = await fx.t.db.models.Blog.findById(res.body.data.id).lean();
      expect(stored).toMatchObject({ title_hi: 'चापाकल', content_hi: 'लंबी कहानी।' });
    },
  }),
  contractCase('addBlog', 400, 'a Hindi title of 201 characters', {
    send: (fx) => postForm(fx, '/api/add_blog.php', { title: 'Too long in Hindi', title_hi: 'क'.repeat(201) }),
    check: (res) => expect(res.body.errors?.[0]?.field).toBe('title_hi'),
  }),
  contractCase('updateBlog', 200, 'a Hindi version added to a post later: the Hindi read shows it at once', {
    arrange: async (fx) => {
      const { english } = await twoPosts(fx);
      expect((await fx.request.get(`/api/get_blog.php?id=${english.id}&lang=hi`)).body.data.text_lang).toBe('en');
      return english;
    },
    send: (fx, post) => postForm(fx, '/api/update_blog.php', { id: post.id, title_hi: 'सौर लालटेन' }),
    check: async (res, fx, post) => {
      expect(res.body.data).toMatchObject({ title: post.title, title_hi: 'सौर लालटेन' });
      expect((await fx.request.get(`/api/get_blog.php?id=${post.id}&lang=hi`)).body.data).toMatchObject({
        title: 'सौर लालटेन',
        content: 'English only.',
        text_lang: 'hi',
      });
    },
  }),
  contractCase('updateGalleryImage', 200, 'a gallery item given a Hindi title and caption', {
    arrange: (fx) => fx.addGalleryItem(),
    send: (fx, item) =>
      postForm(fx, '/api/update_gallery_image.php', {
        id: item.id,
        title: String(item.title),
        category: String(item.category),
        title_hi: 'स्वास्थ्य शिविर',
        caption_hi: 'गाँव में डॉक्टर',
      }),
    check: (res) => expect(res.body.data).toMatchObject({ title_hi: 'स्वास्थ्य शिविर', caption_hi: 'गाँव में डॉक्टर' }),
  }),
  contractCase('addGalleryImage', 400, 'a Hindi caption of 1001 characters', {
    send: (fx) => postForm(fx, '/api/add_gallery_image.php', { title: 'Camp', category: 'health', caption_hi: 'क'.repeat(1001) }, [image(fx.images.jpeg)]),
    check: (res) => expect(res.body.errors?.[0]?.field).toBe('caption_hi'),
  }),
]);
