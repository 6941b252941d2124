// A post written in the admin's editor, in Chromium through nginx: formatted HTML with hostile
// parts is pasted, a photo is added from the toolbar, a video and a call to action are placed,
// and the post is saved. The server-rendered page then has the structure and a responsive WebP
// photo, nothing hostile survives, the list gives plain text, and the video loads nothing from
// its provider until it is pressed.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { sampleJpeg } from './content';
import { adminToken, api, e2e, launchBrowser, loggedInAdmin, openPage, visit } from './harness';
import { seriousA11yViolations } from './screens';

const runTag = `ed${Date.now().toString(36)}`;
const title = `Water reaches Hesal ${runTag}`;
let browser: Browser;

const pasted =
  '<h1 style="color:red">Report</h1><h2 onclick="alert(1)">The new pump</h2>' +
  '<p style="font-family:Calibri">It <b>works</b> and <i>the girls</i> <a href="javascript:alert(1)">go</a> to ' +
  '<a href="https://example.org/report" onmouseover="steal()">school</a>.</p><script>alert("pasted")</script>' +
  '<img src="https://evil.example/tracker.gif" alt="tracker"><ul><li><p>Twelve families</p></li><li><p>One pump</p></li></ul>' +
  '<blockquote><p>Now we have time to study.</p></blockquote><iframe src="https://evil.example/"></iframe>' +
  // Word's numbered list: paragraphs with mso-list styles and typed numbers.
  "<p class=MsoListParagraphCxSpFirst style='mso-list:l0 level1 lfo1'><!--[if !supportLists]--><span style='mso-list:Ignore'>1.<span>&nbsp; </span></span><!--[endif]-->Dig<o:p></o:p></p>" +
  "<p class=MsoListParagraphCxSpLast style='mso-list:l0 level1 lfo1'><!--[if !supportLists]--><span style='mso-list:Ignore'>2.<span>&nbsp; </span></span><!--[endif]-->Pump<o:p></o:p></p>";

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  const token = await adminToken();
  const { body } = await api<{ id: string; title: string }[]>('/api/get_blogs.php');
  for (const post of body.filter((b) => b.title.includes(runTag))) {
    await api('/api/delete_blog.php', { method: 'POST', token, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: post.id }) });
  }
});

/** The post's body as the server wrote it into the page (between the body's div and the article's end). */
const bodyHtml = (html: string) => html.slice(html.indexOf('<div class="post-body">'), html.indexOf('</article>'));

describe('the post editor', () => {
  test('paste, photo, video and call to action: saved, rendered by the server, nothing hostile kept', async () => {
    const admin = await loggedInAdmin(browser);
    const { page } = admin;
    await visit(page, '/admin/dashboard?section=blogs&open=add-blog');
    const form = page.getByRole('dialog', { name: 'Add New Post' });
    await form.getByLabel('Title', { exact: true }).fill(title);
    const text = form.getByRole('textbox', { name: 'Content', exact: true });
    const toolbar = form.getByRole('toolbar', { name: 'Content formatting', exact: true });
    await text.click();
    await text.evaluate((element, html) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', 'plain');
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, pasted);
    await text.locator('h3', { hasText: 'The new pump' }).waitFor();
    expect(await text.locator('img').count()).toBe(0);

    // A photo from the toolbar: the Insert waits for alt text.
    await page.keyboard.press('Control+End');
    await toolbar.getByRole('button', { name: 'Image', exact: true }).click();
    const panel = form.getByRole('group', { name: 'Image' });
    await panel.getByLabel('Photo').setInputFiles({ name: 'pump.jpg', mimeType: 'image/jpeg', buffer: await sampleJpeg({ width: 1200, height: 800 }) });
    await panel.getByRole('button', { name: 'Insert' }).click();
    await panel
      .getByRole('alert')
      .getByText(/alt text/)
      .waitFor();
    await panel.getByLabel('Alt text').fill('Girls filling pots at the new pump');
    await panel.getByLabel('Caption (optional)').fill('Hesal, March');
    await panel.getByRole('button', { name: 'Insert' }).click();
    await text.locator('img[alt="Girls filling pots at the new pump"]').waitFor();

    await toolbar.getByRole('button', { name: 'Video', exact: true }).click();
    const video = form.getByRole('group', { name: 'Video' });
    await video.getByLabel('YouTube or Vimeo address').fill('https://youtu.be/dQw4w9WgXcQ');
    await video.getByLabel('Title').fill('The pump at work');
    await video.getByRole('button', { name: 'Insert' }).click();
    await toolbar.getByRole('button', { name: 'Call to action' }).click();
    const cta = form.getByRole('group', { name: 'Call to action' });
    await cta.getByLabel('Button label').fill('Fund the next pump');
    await cta.getByRole('button', { name: 'Insert' }).click();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await form.getByRole('button', { name: 'Save Post' }).click();
    await form.waitFor({ state: 'detached' });
    admin.expectClean();
    await admin.close();

    const list = await api<{ id: string; title: string; content: string }[]>('/api/get_blogs.php');
    const saved = list.body.find((post) => post.title === title)!;
    expect(saved.content).toBe(
      [
        'Report',
        'The new pump',
        'It works and the girls go to school.',
        '- Twelve families\n- One pump',
        'Now we have time to study.',
        '1. Dig\n2. Pump',
        'Hesal, March',
        'The pump at work: https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      ].join('\n\n'),
    );

    // The server-rendered page, as a crawler gets it.
    const res = await fetch(new URL(`/blog/${saved.id}`, e2e.baseUrl));
    expect(res.headers.get('content-security-policy')).toContain('frame-src https://www.youtube-nocookie.com https://player.vimeo.com;');
    const html = bodyHtml(await res.text());
    // The paste's h1 and h2 are the document's two heading levels; Word's list is a list.
    expect(html).toContain('<h2>Report</h2><h3>The new pump</h3>');
    expect(html).toContain('<ol><li><p>Dig</p></li><li><p>Pump</p></li></ol>');
    expect(html).toContain('It <strong>works</strong> and <em>the girls</em> go to <a href="https://example.org/report" rel="noopener noreferrer">school</a>.');
    expect(html).toContain('<ul><li><p>Twelve families</p></li><li><p>One pump</p></li></ul>');
    expect(html).toContain('<blockquote><p>Now we have time to study.</p></blockquote>');
    const photo =
      /<figure class="post-figure"><img src="([^"]+)" srcset="([^"]+)" sizes="[^"]+" width="1200" height="800" alt="Girls filling pots at the new pump" loading="(\w+)" decoding="async"><figcaption>Hesal, March<\/figcaption><\/figure>/.exec(
        html,
      );
    expect(photo, html).not.toBeNull();
    expect(photo![2]!.split(', ').length).toBeGreaterThan(2);
    const variant = await fetch(new URL(photo![1]!.replace(/&amp;/g, '&'), e2e.baseUrl));
    expect(variant.headers.get('content-type')).toBe('image/webp');
    expect(html).toContain('<a class="btn btn-primary btn-lg" href="/donate">Fund the next pump</a>');
    expect(html).not.toMatch(/<script|<iframe|javascript:|onclick|onmouseover|style=|evil\.example|tracker|<h1|mso|<o:p/i);

    // In the browser: hydrated without complaint, and no request to YouTube before the press.
    const visitor = await openPage(browser);
    await visitor.context.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>player</title>' }));
    await visit(visitor.page, `/blog/${saved.id}`);
    await visitor.page.getByRole('heading', { level: 3, name: 'The new pump' }).waitFor();
    expect(await seriousA11yViolations(visitor.page)).toEqual([]);
    visitor.expectClean();
    await visitor.page.getByRole('link', { name: 'Play video: The pump at work' }).click();
    const player = visitor.page.locator('iframe[title="The pump at work"]');
    await player.waitFor();
    expect(await player.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
    expect(visitor.problems.every((problem) => problem.startsWith('third-party request: https://www.youtube-nocookie.com/embed/'))).toBe(true);
    await visitor.close();
  });
});
