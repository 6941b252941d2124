import { describe, expect, it } from 'vitest';
import { documentFromText } from './blog-document.js';
import type { Lang, PageContents } from './index.js';
import { pageSeed } from './page-seed.js';
import { missingHindi, pageView } from './page-view.js';
import { programLinks } from './program-links.js';
import { pageSlugs, viewSchema } from './contract.test-support.js';

const seed = (): PageContents => structuredClone(pageSeed);
const photoId = '65f1c0ffee0000000000abcd';

describe('pageView', () => {
  it.each(pageSlugs.flatMap((slug) => (['en', 'hi'] as Lang[]).map((lang) => [slug, lang] as const)))(
    'gives the %s page in %s as the contract’s view',
    (slug, lang) => {
      const validate = viewSchema(slug);
      expect(validate(pageView(slug, pageSeed[slug], lang)), JSON.stringify(validate.errors)).toBe(true);
    },
  );

  it('shows the Hindi on the Hindi page and the English where the Hindi is empty or blank', () => {
    const home = seed().home;
    home.hero.eyebrow.hi = '';
    home.hero.text.hi = '  ';
    const hi = pageView('home', home, 'hi');
    expect(hi.hero.title).toBe('मिलकर बनाएँ हरे-भरे, स्वस्थ गाँव');
    expect(hi.hero.eyebrow).toBe(home.hero.eyebrow.en);
    expect(hi.hero.text).toBe(home.hero.text.en);
    expect(hi.impact.figures[0]).toEqual({ value: 120, suffix: '+', label: 'लोगों तक पहुँचे' });
    expect(pageView('home', home, 'en').hero.title).toBe('Growing greener, healthier communities together');
  });

  it('renders long texts to html, the English when the Hindi is null or empty', () => {
    const about = seed().about;
    const en = pageView('about', about, 'en');
    expect(en.story.html).toMatch(/^<p>It began with a blocked hand pump.*<\/p><p>Since then we have grown.*<\/p>$/);
    expect(en.mission).toEqual({
      title: 'Our Mission',
      html: '<p>To empower rural communities through sustainable development and environmental conservation: safe water, quality education, restored forests and farming that feeds families without exhausting the land.</p>',
    });
    expect(pageView('about', about, 'hi').story.html).toContain('<p>');
    expect(pageView('about', about, 'hi').story.html).not.toContain('It began');
    about.story.text.hi = null;
    about.vision.text.hi = documentFromText('  ');
    const hi = pageView('about', about, 'hi');
    expect(hi.story.html).toBe(en.story.html);
    expect(hi.vision.html).toBe(en.vision.html);
    expect(hi).not.toHaveProperty('story.text');
  });

  it('gives a picture’s URL, and null for none', () => {
    const about = seed().about;
    expect(pageView('about', about, 'en').story.picture).toBeNull();
    about.story.picture = photoId;
    about.team.people[1]!.photo = photoId;
    const view = pageView('about', about, 'en');
    expect(view.story.picture).toBe(`/api/image.php?id=${photoId}`);
    expect(view.team.people.map((person) => person.photo)).toEqual([null, `/api/image.php?id=${photoId}`, null]);
  });

  it('names a program by its tag where it has no gallery filter name, and by its English tag where it has no admin label', () => {
    const programs = seed().programs;
    const education = programs.items[1]!;
    education.filter = { en: '', hi: '' };
    education.admin_label = '';
    const hi = pageView('programs', programs, 'hi');
    expect(hi.items[1]).toMatchObject({ id: 'education', tag: 'शिक्षा', filter: 'शिक्षा', admin_label: 'Education' });
    expect(hi.items[0]).toMatchObject({ id: 'health', filter: 'स्वास्थ्य सेवा', admin_label: 'Clean Water' });
    expect(hi.items[0]!.html).not.toBe('');
    expect(hi.items[0]).not.toHaveProperty('body');
    expect(pageView('programs', programs, 'en').items[1]).toMatchObject({ tag: 'Education', filter: 'Education' });
  });

  it('writes markup only as the document allows: text is escaped, a script link and a false picture id dropped', () => {
    const about = seed().about;
    about.story.text.en = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: '<script>alert(1)</script> & "quotes"' },
            { type: 'text', text: 'click', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
          ],
        },
      ],
    };
    about.hero.title.en = '<img src=x onerror=alert(1)>';
    about.story.picture = '../../etc/passwd';
    const view = pageView('about', about, 'en');
    expect(view.story.html).not.toMatch(/<script|javascript:|<a /);
    expect(view.story.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
    // Plain texts stay text: React escapes them where they are shown.
    expect(view.hero.title).toBe('<img src=x onerror=alert(1)>');
    expect(view.story.picture).toBeNull();
  });
});

describe('missingHindi', () => {
  it('finds nothing missing in the first content', () => {
    for (const slug of pageSlugs) expect(missingHindi(pageSeed[slug])).toEqual([]);
  });

  it('gives the path of every text and long text with English but no Hindi', () => {
    const { home, programs } = seed();
    home.hero.title.hi = '';
    home.impact.figures[0]!.label.hi = ' ';
    home.hero.eyebrow = { en: '', hi: '' };
    expect(missingHindi(home)).toEqual(['hero.title', 'impact.figures.0.label']);
    programs.items[2]!.body.hi = null;
    programs.items[0]!.body.hi = documentFromText('');
    programs.items[1]!.body = { en: documentFromText(''), hi: null };
    expect(missingHindi(programs)).toEqual(['items.0.body', 'items.2.body']);
  });
});

describe('programLinks', () => {
  it('names every program in order, in the page’s language', () => {
    expect(programLinks(pageView('programs', pageSeed.programs, 'en'))).toEqual([
      { id: 'health', name: 'Clean Water Initiative', tag: 'Health', filter: 'Health Care', across: false },
      { id: 'education', name: 'Education for All', tag: 'Education', filter: 'Education', across: false },
      { id: 'reforestation', name: 'Reforestation Project', tag: 'Reforestation', filter: 'Reforestation', across: false },
      { id: 'sustainable-farming', name: 'Sustainable Farming', tag: 'Sustainable Farming', filter: 'Sustainable Farming', across: false },
      { id: 'women-empowerment', name: 'Women Empowerment', tag: 'Women Empowerment', filter: 'Women Empowerment', across: true },
    ]);
    expect(programLinks(pageView('programs', pageSeed.programs, 'hi'))[4]).toEqual({
      id: 'women-empowerment',
      name: 'महिला सशक्तिकरण',
      tag: 'महिला सशक्तिकरण',
      filter: 'महिला सशक्तिकरण',
      across: true,
    });
  });
});
