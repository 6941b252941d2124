// The existing client's calls, byte for byte as the product spec's section 7 lists them: the
// same paths, JSON or multipart, the same field names (`image` in the modal, `images[]` on the
// multi-file page, `id` in JSON for deletes, only non-empty fields for blog posts), and the
// answer fields the client reads.
import type { Response } from 'supertest';
import { expect } from 'vitest';
import { contractCase, defineCases } from '../support/cases.js';
import type { Fixture } from '../support/fixture.js';
import { images, postForm, postJson, type Upload } from '../support/requests.js';

/** The blog form sends only the fields that are not empty (spec §7). */
const nonEmpty = (fields: Record<string, string>) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''));

/** What the admin screens read from every write: success (boolean) and message (text). */
const readsSuccessAndMessage = (res: Response) => {
  expect(typeof res.body.success).toBe('boolean');
  expect(res.body.success).toBe(true);
  expect(typeof res.body.message).toBe('string');
  expect(res.body.message.length).toBeGreaterThan(0);
};

const modalImage = (fx: Fixture): Upload => ({ field: 'image', data: fx.images.jpeg, filename: 'IMG_2024.jpg', contentType: 'image/jpeg' });

export const legacyClientCases = defineCases('legacy client', [
  contractCase('listBlogs', 200, 'GET /api/get_blogs.php: an array of posts', {
    arrange: (fx) => fx.sharedBlog(),
    send: (fx) => fx.request.get('/api/get_blogs.php'),
    check: (res) => {
      expect(Array.isArray(res.body)).toBe(true);
      expect(res.body[0]).toEqual(expect.objectContaining({ id: expect.any(String), title: expect.any(String), image_url: expect.anything() }));
    },
  }),
  contractCase('saveVolunteer', 201, 'POST /api/volunteer_save.php: the form as JSON, optional fields left empty', {
    send: (fx) =>
      postJson(
        fx,
        '/api/volunteer_save.php',
        {
          name: 'Sunita Oraon',
          email: 'sunita@example.org',
          mobile: '09876543210',
          gender: '',
          interest: '',
          start_date: '',
          address: 'Kanke Road, Ranchi',
          about: '',
        },
        null,
      ),
    check: readsSuccessAndMessage,
  }),
  contractCase('saveVolunteer', 201, 'POST /api/volunteer_save.php: every field filled in', {
    send: (fx) =>
      postJson(
        fx,
        '/api/volunteer_save.php',
        {
          name: 'Rahul Munda',
          email: 'rahul@example.org',
          mobile: '+91-98765-43210',
          gender: 'Male',
          interest: 'fundraising',
          start_date: '2025-06-01',
          address: 'Harmu, Ranchi',
          about: 'Weekends only.',
        },
        null,
      ),
    check: readsSuccessAndMessage,
  }),
  contractCase('login', 200, 'POST /api/login.php: JSON email and password; reads success, token, role, message', {
    send: (fx) => postJson(fx, '/api/login.php', { email: fx.t.admin.email, password: fx.t.admin.password }, null),
    check: async (res, fx) => {
      expect(res.body.success).toBe(true);
      expect(res.body.role).toBe('admin');
      expect(typeof res.body.message).toBe('string');
      // The client stores the token and sends it on the admin calls.
      const list = await fx.request.get('/api/get_volunteers.php').set('Authorization', `Bearer ${res.body.token}`);
      expect(list.status).toBe(200);
    },
  }),
  contractCase('addBlog', 201, 'POST /api/add_blog.php: multipart with only the non-empty fields and an image', {
    send: (fx) =>
      postForm(
        fx,
        '/api/add_blog.php',
        nonEmpty({ title: 'Tree planting at Tagore Hill', excerpt: '', date: '', author: '', category: 'reforestation', content: '500 saplings' }),
        [modalImage(fx)],
      ),
    check: (res) => {
      readsSuccessAndMessage(res);
      expect(res.body.data).toMatchObject({ title: 'Tree planting at Tagore Hill', category: 'reforestation', excerpt: '', author: '' });
    },
  }),
  contractCase('addBlog', 201, 'POST /api/add_blog.php: every field, no image', {
    send: (fx) =>
      postForm(fx, '/api/add_blog.php', {
        title: 'Digital literacy classes',
        excerpt: 'Forty girls, twelve laptops',
        date: '2025-02-14',
        author: 'Team',
        category: 'women-empowerment',
        content: 'Classes run every Saturday.',
      }),
    check: readsSuccessAndMessage,
  }),
  contractCase('updateBlog', 200, 'POST /api/update_blog.php: the same fields plus id', {
    arrange: (fx) => fx.addBlog({ title: 'Draft', category: 'education' }),
    send: (fx, blog) =>
      postForm(
        fx,
        '/api/update_blog.php',
        nonEmpty({ id: blog.id, title: 'Final', excerpt: 'Now with an excerpt', date: '', author: 'Editor', category: 'education', content: '' }),
        [modalImage(fx)],
      ),
    check: (res) => {
      readsSuccessAndMessage(res);
      expect(res.body.data).toMatchObject({
        title: 'Final',
        excerpt: 'Now with an excerpt',
        author: 'Editor',
        image_url: expect.stringMatching(/^\/api\/image\.php\?id=/),
      });
    },
  }),
  contractCase('deleteBlog', 200, 'POST /api/delete_blog.php: JSON id', {
    arrange: (fx) => fx.addBlog({ title: 'Old news' }),
    send: (fx, blog) => postJson(fx, '/api/delete_blog.php', { id: blog.id }),
    check: readsSuccessAndMessage,
  }),
  contractCase('listGalleryImages', 200, 'GET /api/get_gallery_images.php: success and data (the admin list)', {
    arrange: (fx) => fx.sharedGalleryItem(),
    send: (fx) => fx.request.get('/api/get_gallery_images.php'),
    check: (res) => {
      expect(res.body.success).toBe(true);
      expect(Array.isArray(res.body.data)).toBe(true);
    },
  }),
  contractCase('addGalleryImage', 201, 'POST /api/add_gallery_image.php: the modal (title, category, caption, image)', {
    send: (fx) => postForm(fx, '/api/add_gallery_image.php', { title: 'Eye camp', category: 'health', caption: 'Bundu block' }, [modalImage(fx)]),
    check: readsSuccessAndMessage,
  }),
  contractCase('addGalleryImage', 201, 'POST /api/add_gallery_image.php: the multi-file page (title, category, caption, images[])', {
    send: (fx) =>
      postForm(
        fx,
        '/api/add_gallery_image.php',
        { title: 'Farm visit', category: 'sustainable-farming', caption: '' },
        images([fx.images.jpeg, '1.jpg'], [fx.images.jpeg, '2.jpg']),
      ),
    check: (res) => {
      readsSuccessAndMessage(res);
      expect(res.body.data.map((item: { title: string }) => item.title)).toEqual(['Farm visit', 'Farm visit']);
    },
  }),
  contractCase('updateGalleryImage', 200, 'POST /api/update_gallery_image.php: id, title, category, caption, no image', {
    arrange: (fx) => fx.addGalleryItem(),
    send: (fx, item) => postForm(fx, '/api/update_gallery_image.php', { id: item.id, title: 'Renamed', category: 'education', caption: '' }),
    check: readsSuccessAndMessage,
  }),
  contractCase('updateGalleryImage', 200, 'POST /api/update_gallery_image.php: with the optional image', {
    arrange: (fx) => fx.addGalleryItem(),
    send: (fx, item) => postForm(fx, '/api/update_gallery_image.php', { id: item.id, title: 'New photo', category: 'health', caption: 'x' }, [modalImage(fx)]),
    check: readsSuccessAndMessage,
  }),
  contractCase('deleteGalleryImage', 200, 'POST /api/gallery_delete.php: JSON id', {
    arrange: (fx) => fx.addGalleryItem(),
    send: (fx, item) => postJson(fx, '/api/gallery_delete.php', { id: item.id }),
    check: readsSuccessAndMessage,
  }),
  contractCase('listPublicGallery', 200, 'GET /api/get_gallery.php (public): a list of gallery items', {
    arrange: (fx) => fx.sharedGalleryItem(),
    send: (fx) => fx.request.get('/api/get_gallery.php'),
    check: (res) => {
      expect(Array.isArray(res.body)).toBe(true);
      expect(res.body.length).toBeGreaterThan(0);
    },
  }),
]);
