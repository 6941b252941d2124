// A post's text as a document (openapi.yaml's BlogDocument): hostile documents are refused with
// 400 and a sentence naming the part, and nothing is stored; a valid one comes back as it was
// sent; `content` stays plain text derived from it; a legacy `content` becomes paragraphs.
import { documentLimits, type BlogDocument } from '@ngo-site/shared';
import { expect } from 'vitest';
import { contractCase, defineCases, type ContractCase } from '../support/cases.js';
import { imageIdOf, type Fixture } from '../support/fixture.js';
import { image, postForm } from '../support/requests.js';

type Node = Record<string, unknown>;
const doc = (...content: Node[]) => ({ type: 'doc', content });
const text = (value: string, marks?: Node[]) => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });
const paragraph = (...content: Node[]) => ({ type: 'paragraph', content });
const link = (href: string) => paragraph(text('a link', [{ type: 'link', attrs: { href } }]));
const photo = (id: string, attrs: Node = {}) => ({ type: 'image', attrs: { id, alt: 'Girls at the new well', ...attrs } });

const addPost = (fx: Fixture, body: unknown, fields: Record<string, string> = {}) =>
  postForm(fx, '/api/add_blog.php', { title: 'A report', ...fields, body: typeof body === 'string' ? body : JSON.stringify(body) });

/** Nested quotes and lists `levels` deep. */
function nested(levels: number): Node {
  let node: Node = paragraph(text('deep'));
  for (let level = 0; level < levels; level++) node = { type: 'bulletList', content: [{ type: 'listItem', content: [node] }] };
  return doc(node);
}

/** A document the server must refuse, and the field its first refusal names. */
const hostile = (name: string, body: Node | string | ((fx: Fixture) => unknown), field: RegExp | string, message?: RegExp): ContractCase =>
  contractCase({
    name,
    operationId: 'addBlog',
    status: 400,
    send: async (fx) => addPost(fx, typeof body === 'function' ? await body(fx) : body),
    check: (res) => {
      const fields = (res.body.errors as { field: string }[]).map((error) => error.field);
      expect(
        fields.some((refused) => (typeof field === 'string' ? refused === field : field.test(refused))),
        JSON.stringify(res.body),
      ).toBe(true);
      expect(res.body.message).toMatch(message ?? /^The post's text/);
    },
  });

const richDocument = (photoId: string): BlogDocument => ({
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Water for Hesal' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'The new pump ' },
        { type: 'text', text: 'works', marks: [{ type: 'bold' }, { type: 'italic' }] },
        { type: 'hardBreak' },
        { type: 'text', text: 'Read the report', marks: [{ type: 'link', attrs: { href: 'https://example.org/report?year=2024' } }] },
      ],
    },
    { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Twelve families' }] }] }] },
    {
      type: 'orderedList',
      attrs: { start: 3 },
      content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Third step' }] }] }],
    },
    { type: 'blockquote', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Now the girls go to school.' }] }] },
    { type: 'image', attrs: { id: photoId, alt: 'The pump at dawn', caption: 'The pump, installed in March', width: 400, height: 300 } },
    { type: 'video', attrs: { provider: 'youtube', id: 'dQw4w9WgXcQ', title: 'The pump at work', poster: photoId } },
    { type: 'callToAction', attrs: { kind: 'donate', label: 'Fund the next pump' } },
    { type: 'horizontalRule' },
  ],
});

export const blogDocumentCases = defineCases('blog documents', [
  contractCase({
    name: 'a document with every kind of block is stored and answered as it was sent; content is its plain text',
    operationId: 'addBlog',
    status: 201,
    arrange: async (fx) => imageIdOf(await fx.sharedGalleryItem()),
    send: (fx, photoId) => addPost(fx, richDocument(photoId)),
    check: async (res, fx, photoId) => {
      expect(res.body.data.body).toEqual(richDocument(photoId));
      expect(res.body.data.content).toBe(
        [
          'Water for Hesal',
          'The new pump works\nRead the report',
          '- Twelve families',
          '3. Third step',
          'Now the girls go to school.',
          'The pump, installed in March',
          'The pump at work: https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        ].join('\n\n'),
      );
      const read = await fx.request.get(`/api/get_blog.php?id=${res.body.data.id}`);
      expect(read.body.data.body).toEqual(richDocument(photoId));
      const list = await fx.request.get('/api/get_blogs.php');
      expect((list.body as { id: string; content: string }[]).find((post) => post.id === res.body.data.id)?.content).toBe(res.body.data.content);
    },
  }),
  contractCase('addBlog', 201, 'a space alone between a bold word and an italic one is kept as it was sent', {
    send: (fx) => addPost(fx, doc(paragraph(text('Clean', [{ type: 'bold' }]), text(' '), text('water', [{ type: 'italic' }])))),
    check: (res) => {
      expect(res.body.data.body).toEqual(doc(paragraph(text('Clean', [{ type: 'bold' }]), text(' '), text('water', [{ type: 'italic' }]))));
      expect(res.body.data.content).toBe('Clean water');
    },
  }),
  contractCase({
    name: "a photo's width and height are the stored image's, whatever was sent",
    operationId: 'addBlog',
    status: 201,
    arrange: async (fx) => imageIdOf(await fx.sharedGalleryItem()),
    send: (fx, photoId) => addPost(fx, doc(photo(photoId.toUpperCase(), { width: 9999, height: 1 }))),
    check: (res, _fx, photoId) => expect(res.body.data.body.content[0].attrs).toEqual({ id: photoId, alt: 'Girls at the new well', width: 400, height: 300 }),
  }),
  contractCase({
    name: 'a legacy client sends only content: its paragraphs become the document',
    operationId: 'addBlog',
    status: 201,
    send: (fx) => postForm(fx, '/api/add_blog.php', { title: 'Plain', content: 'First line\nsecond line\n\nNext paragraph', content_hi: 'पहला अनुच्छेद' }),
    check: (res) => {
      expect(res.body.data.content).toBe('First line\nsecond line\n\nNext paragraph');
      expect(res.body.data.body).toEqual(doc(paragraph(text('First line'), { type: 'hardBreak' }, text('second line')), paragraph(text('Next paragraph'))));
      expect(res.body.data.body_hi).toEqual(doc(paragraph(text('पहला अनुच्छेद'))));
    },
  }),
  contractCase({
    name: 'a Hindi document: the Hindi read answers it as the body, the English read beside the English one',
    operationId: 'updateBlog',
    status: 200,
    arrange: (fx) => fx.addBlog({ title: 'Two languages', title_hi: 'दो भाषाएँ', body: JSON.stringify(doc(paragraph(text('English text')))) }),
    send: (fx, post) =>
      postForm(fx, '/api/update_blog.php', { id: post.id, body_hi: JSON.stringify(doc({ type: 'heading', attrs: { level: 3 }, content: [text('हिंदी')] })) }),
    check: async (res, fx, post) => {
      expect(res.body.data).toMatchObject({ content_hi: 'हिंदी', body: doc(paragraph(text('English text'))) });
      const hindi = await fx.request.get(`/api/get_blog.php?id=${post.id}&lang=hi`);
      expect(hindi.body.data).toMatchObject({ content: 'हिंदी', text_lang: 'hi', body: doc({ type: 'heading', attrs: { level: 3 }, content: [text('हिंदी')] }) });
      expect(hindi.body.data).not.toHaveProperty('body_hi');
    },
  }),
  contractCase({
    name: 'an empty Hindi document removes the Hindi text',
    operationId: 'updateBlog',
    status: 200,
    arrange: (fx) => fx.addBlog({ title: 'Was translated', content_hi: 'कुछ पाठ' }),
    send: (fx, post) => postForm(fx, '/api/update_blog.php', { id: post.id, body_hi: JSON.stringify(doc({ type: 'paragraph' })) }),
    check: (res) => {
      expect(res.body.data.content_hi).toBe('');
      expect(res.body.data).not.toHaveProperty('body_hi');
    },
  }),
  contractCase({
    name: 'a document with a photo not in the store is refused on update too, and the post keeps its text',
    operationId: 'updateBlog',
    status: 400,
    arrange: (fx) => fx.sharedBlog(),
    send: (fx, post) => postForm(fx, '/api/update_blog.php', { id: post.id, body: JSON.stringify(doc(photo(fx.unknownId))) }),
    check: (res) => expect(res.body.errors[0].field).toBe('body.content.0.attrs.id'),
  }),
  hostile('a node kind outside the allow-list (a script)', doc({ type: 'script', content: [text('alert(1)')] }), 'body.content.0.type'),
  hostile('an iframe node', doc({ type: 'iframe', attrs: { src: 'https://evil.example' } }), 'body.content.0.type'),
  hostile(
    'a mark outside the allow-list (an inline style)',
    doc(paragraph(text('red', [{ type: 'textStyle', attrs: { color: 'red' } }]))),
    'body.content.0.content.0.marks.0.type',
  ),
  hostile(
    'an attribute outside the allow-list (an event handler)',
    doc({ type: 'heading', attrs: { level: 2, onclick: 'alert(1)' } }),
    'body.content.0.attrs.onclick',
  ),
  hostile('a style attribute on a paragraph', doc({ type: 'paragraph', attrs: { style: 'color:red' }, content: [text('x')] }), 'body.content.0.attrs'),
  hostile('a javascript: link', doc(link('javascript:alert(1)')), 'body.content.0.content.0.marks.0.attrs.href'),
  hostile('a JavaScript: link in capitals with a tab inside', doc(link('Java\tScript:alert(1)')), 'body.content.0.content.0.marks.0.attrs.href'),
  hostile('a data: link', doc(link('data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==')), 'body.content.0.content.0.marks.0.attrs.href'),
  hostile('a protocol-relative link to another host', doc(link('//evil.example/x')), 'body.content.0.content.0.marks.0.attrs.href'),
  hostile('a path that browsers read as another host', doc(link('/\\evil.example')), 'body.content.0.content.0.marks.0.attrs.href'),
  hostile('a heading of level 1', doc({ type: 'heading', attrs: { level: 1 }, content: [text('Big')] }), 'body.content.0.attrs.level'),
  hostile('a photo without alt text', doc({ type: 'image', attrs: { id: '65f1c0ffee0000000000abcd' } }), 'body.content.0.attrs.alt'),
  hostile('a photo with blank alt text', doc(photo('65f1c0ffee0000000000abcd', { alt: '' })), 'body.content.0.attrs.alt'),
  hostile('a photo hot-linked from another site', doc({ type: 'image', attrs: { id: 'https://evil.example/a.jpg', alt: 'x' } }), 'body.content.0.attrs.id'),
  hostile('a photo not in the store', (fx) => doc(photo(fx.unknownId)), 'body.content.0.attrs.id', /not in the site's store/),
  hostile(
    'a video poster not in the store',
    (fx) => doc({ type: 'video', attrs: { provider: 'vimeo', id: '76979871', title: 'T', poster: fx.unknownId } }),
    'body.content.0.attrs.poster',
    /not in the site's store/,
  ),
  hostile('a YouTube id that smuggles a path', doc({ type: 'video', attrs: { provider: 'youtube', id: '../../evil', title: 'T' } }), 'body.content.0.attrs.id'),
  hostile('a Vimeo id in the YouTube form', doc({ type: 'video', attrs: { provider: 'vimeo', id: 'dQw4w9WgXcQ', title: 'T' } }), 'body.content.0.attrs.id'),
  hostile(
    'a video from another provider',
    doc({ type: 'video', attrs: { provider: 'dailymotion', id: 'x7tgad0', title: 'T' } }),
    'body.content.0.attrs.provider',
  ),
  hostile(
    'a call to action leading elsewhere',
    doc({ type: 'callToAction', attrs: { kind: 'https://evil.example', label: 'Win' } }),
    'body.content.0.attrs.kind',
  ),
  hostile('a heading inside a quote', doc({ type: 'blockquote', content: [{ type: 'heading', attrs: { level: 2 } }] }), 'body.content.0.content.0.type'),
  hostile('a text node holding a number', doc(paragraph({ type: 'text', text: 42 })), 'body.content.0.content.0.text'),
  hostile('content that is an object, not a list', { type: 'doc', content: { 0: paragraph(text('x')) } }, 'body.content'),
  hostile('an operator object in place of the document', { $where: 'sleep(1000)' }, /^body\./),
  hostile('a document of another kind', { type: 'html', content: [] }, 'body.type'),
  hostile('a list with no items', doc({ type: 'bulletList', content: [] }), 'body.content.0.content'),
  hostile('an empty text node', doc(paragraph(text(''))), 'body.content.0.content.0.text'),
  hostile('a control character inside a text', doc(paragraph(text('bell\u0007'))), 'body.content.0.content.0.text'),
  hostile('text that is not JSON', '{"type":"doc","content":[', 'body', /could not be read/),
  hostile('a JSON array', '[]', 'body'),
  hostile(`nesting deeper than ${documentLimits.maxDepth} levels`, nested(40), 'body', /nests deeper/),
  hostile(
    'ten thousand levels of nesting (refused before the schema check, without exhausting the stack)',
    () => '{"type":"doc","content":['.concat('{"type":"blockquote","content":['.repeat(5000), ']}'.repeat(5000), ']}'),
    'body',
    /nests deeper/,
  ),
  hostile(
    `more than ${documentLimits.maxNodes} nodes`,
    doc(paragraph(...Array.from({ length: documentLimits.maxNodes }, () => ({ type: 'hardBreak' })))),
    'body',
    /more than 5,000 parts/,
  ),
  hostile(
    'JSON text over 200,000 characters',
    doc(...Array.from({ length: 11 }, () => paragraph(text('x'.repeat(19_000))))),
    'body',
    /at most 200000 characters/,
  ),
  hostile('a text node over 20,000 characters', doc(paragraph(text('x'.repeat(20_001)))), 'body.content.0.content.0.text'),
  contractCase({
    name: 'a hostile Hindi document is refused by the same rules',
    operationId: 'updateBlog',
    status: 400,
    arrange: (fx) => fx.sharedBlog(),
    send: (fx, post) => postForm(fx, '/api/update_blog.php', { id: post.id, body_hi: JSON.stringify(doc(link('javascript:alert(1)'))) }),
    check: (res) => expect(res.body.errors[0].field).toBe('body_hi.content.0.content.0.marks.0.attrs.href'),
  }),
  contractCase({
    name: 'a refused document stores nothing, not even the cover image sent with it',
    operationId: 'addBlog',
    status: 400,
    send: (fx) => postForm(fx, '/api/add_blog.php', { title: 'With a cover', body: JSON.stringify(doc({ type: 'script' })) }, [image(fx.images.jpeg)]),
  }),
]);
