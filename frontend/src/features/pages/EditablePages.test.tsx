import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { documentFromText, type PageContents } from '@ngo-site/shared';
import { describe, expect, it } from 'vitest';
import { json, serveApi } from '../../../test/api-fetch';
import { queriesTo } from '../../../test/list-pages';
import { pageApi, seedCopy } from '../../../test/pages';
import { renderRoute } from '../../../test/render-route';
import fallbackArt from '../../assets/gallery-fallback.svg';

const text = (en: string, hi = '') => ({ en, hi });
const photoId = 'a'.repeat(24);

/** The first content with a fifth program, "Clean Air", shown on the home page. */
function withFifthProgram(): PageContents {
  const content = seedCopy();
  content.programs.items.splice(4, 0, {
    id: 'clean-air',
    name: text('Clean Air Campaign', 'स्वच्छ वायु अभियान'),
    tag: text('Air', 'वायु'),
    filter: text('', ''),
    admin_label: '',
    summary: text('Smokeless stoves for every kitchen.'),
    body: { en: documentFromText('First paragraph.\n\nSecond paragraph.'), hi: null },
    where: text('Gumla and Lohardaga'),
    figures: [{ label: text('Stoves built'), value: text('300') }],
    picture: null,
    on_home: true,
    across: false,
  });
  return content;
}

/** Serves the pages from `content`; the requests for them are counted. */
function servePages(content: PageContents, extra: Parameters<typeof serveApi>[0] = {}) {
  return serveApi({ 'GET /api/get_page.php': pageApi(content), ...extra });
}

const pageQueries = (requests: Request[]) => queriesTo(requests, '/api/get_page.php');

describe('the editable pages', () => {
  it('show an edited hero title and impact figure', async () => {
    const content = seedCopy();
    content.home.hero.title = text('Water first, then everything else', 'पहले पानी');
    content.home.impact.figures[0] = { value: 250, suffix: ' families', label: text('Families with water') };
    servePages(content);
    renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Water first, then everything else' })).toBeInTheDocument();
    // Counted up from zero in 2.5 s.
    await waitFor(() => expect(screen.getByText('Families with water').previousElementSibling).toHaveTextContent('250 families'), { timeout: 5000 });
  });

  it('show a fifth program on the Programs page, the home page, in the footer and in the blog and gallery filters', async () => {
    servePages(withFifthProgram(), {
      'GET /api/get_blogs.php': () => json([], 200, { 'X-Total-Count': '0' }),
      'GET /api/get_gallery.php': () => json([], 200, { 'X-Total-Count': '0' }),
    });
    const { router } = renderRoute('/programs');
    const section = await screen.findByRole('article', { name: 'Clean Air Campaign' });
    expect(section).toHaveAttribute('id', 'clean-air');
    // No picture and no illustration of its own: the generic one.
    expect(within(section).getByRole('presentation')).toHaveAttribute('src', fallbackArt);
    expect(within(section).getByText('Gumla and Lohardaga')).toBeInTheDocument();
    expect([...section.querySelectorAll('.page-text > p')].map((p) => p.textContent)).toEqual(['First paragraph.', 'Second paragraph.']);
    expect(within(section).getByText('300')).toBeInTheDocument();
    // The programs without a place hide the line.
    expect(screen.getByRole('article', { name: 'Clean Water Initiative' }).querySelector('.program-where')).toBeNull();

    const footer = within(screen.getByRole('contentinfo')).getByRole('navigation', { name: 'Our Programs' });
    expect(within(footer).getByRole('link', { name: 'Clean Air Campaign' })).toHaveAttribute('href', '/programs#clean-air');
    expect(within(footer).getAllByRole('link')).toHaveLength(6);

    await router.navigate({ to: '/{-$lang}', params: {} });
    await screen.findByRole('heading', { level: 1, name: 'Growing greener, healthier communities together' });
    expect(await screen.findByRole('link', { name: /about Clean Air Campaign/ })).toHaveAttribute('href', '/programs#clean-air');
    expect(screen.getByText('Smokeless stoves for every kitchen.')).toBeInTheDocument();

    await router.navigate({ to: '/{-$lang}/blog', params: {} });
    const blogFilters = await screen.findByRole('group', { name: 'Filter posts by category' });
    expect(
      within(blogFilters)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All', 'Health', 'Education', 'Reforestation', 'Sustainable Farming', 'Air', 'Women Empowerment']);

    await router.navigate({ to: '/{-$lang}/gallery', params: {} });
    const galleryFilters = await screen.findByRole('group', { name: 'Filter images by program' });
    // A program without a gallery name is filtered by its tag.
    expect(
      within(galleryFilters)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All Images', 'Health Care', 'Education', 'Reforestation', 'Sustainable Farming', 'Air', 'Women Empowerment']);
    fireEvent.click(within(galleryFilters).getByRole('button', { name: 'Air' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ category: 'clean-air' }));
  });

  it('read the programs once per language: a first view once, a change of language once more', async () => {
    const { requests } = servePages(seedCopy(), { 'GET /api/get_blogs.php': () => json([], 200, { 'X-Total-Count': '0' }) });
    const { router } = renderRoute('/blog');
    await screen.findByRole('button', { name: 'Sustainable Farming' });
    await router.navigate({ to: '/{-$lang}/gallery', params: {} });
    await screen.findByRole('heading', { level: 1, name: 'Our Impact in Pictures' });
    expect(pageQueries(requests)).toEqual([{ slug: 'programs', lang: 'en' }]);

    await router.navigate({ to: '/{-$lang}/blog', params: { lang: 'hi' } });
    expect(await screen.findByRole('button', { name: 'टिकाऊ खेती' })).toBeInTheDocument();
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'वनीकरण परियोजना' })).toHaveAttribute('href', '/hi/programs#reforestation');
    expect(pageQueries(requests)).toEqual([
      { slug: 'programs', lang: 'en' },
      { slug: 'programs', lang: 'hi' },
    ]);
  });

  it('show the English of a text whose Hindi is empty, and the Hindi of the others', async () => {
    const content = seedCopy();
    content.home.hero.title.hi = '';
    servePages(content);
    renderRoute('/hi');
    expect(await screen.findByRole('heading', { level: 1, name: 'Growing greener, healthier communities together' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('1,00,000')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'बदलाव, जिसे गिना जा सकता है' })).toBeInTheDocument();
  });

  it('show the About page’s values only when there are some, and a founder’s photo instead of the initials', async () => {
    renderRoute('/about');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    expect(screen.queryByRole('heading', { name: 'Our Values' })).toBeNull();
    expect(document.getElementById('team')).toHaveClass('section', { exact: true });
    expect(screen.getByText('AV')).toHaveClass('avatar');
  });

  it('show the values and the photos the admin added', async () => {
    const content = seedCopy();
    content.about.values.items = [{ title: text('Listen first'), text: text('The village decides what comes first.') }];
    content.about.team.people[0]!.photo = photoId;
    content.about.story.picture = photoId;
    servePages(content);
    renderRoute('/about');
    const values = await screen.findByRole('region', { name: 'Our Values' });
    expect(within(values).getByRole('heading', { level: 3, name: 'Listen first' })).toBeInTheDocument();
    expect(within(values).getByText('The village decides what comes first.')).toBeInTheDocument();
    // The sections still alternate their background.
    expect(document.getElementById('team')).toHaveClass('section section-alt', { exact: true });
    const founder = screen.getByRole('heading', { level: 3, name: 'Dr. Anjali Verma' }).closest('li')!;
    expect(founder.querySelector('img')).toHaveAttribute('srcset', expect.stringContaining(photoId));
    expect(within(founder).queryByText('AV')).toBeNull();
    expect(screen.getByRole('img', { name: 'Young trees growing on green hills' })).toHaveAttribute('srcset', expect.stringContaining(photoId));
  });

  it('name the organisation in the Contact page’s description', async () => {
    renderRoute('/contact');
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    await waitFor(() => expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', expect.stringMatching(/^Write to \S/)));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).not.toContain('{name}');
  });
});
