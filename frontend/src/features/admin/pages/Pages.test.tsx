import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pageView } from '@ngo-site/shared';
import { pageSeed } from '@ngo-site/shared/page-seed';
import { json } from '../../../../test/api-fetch';
import { renderRoute } from '../../../../test/render-route';
import { useSession } from '../../../stores/session';
import { CategoryField } from '../CategoryField';
import { fakeJwt, requestTo, seedPageEdit, serveAdminApi, signInAsAdmin } from '../test-support';
import type { PageRow } from './pagesApi';

const ravi = { name: 'Ravi Munda', email: 'ravi@example.org' };
const bodyOf = async (request: Request) => (await request.json()) as Record<string, unknown>;
const rows: PageRow[] = [
  { slug: 'home', version: 4, saved_by: ravi, saved_at: '2026-11-20T09:30:00.000Z', has_draft: false, missing_hindi: 0 },
  { slug: 'about', version: 2, saved_by: null, saved_at: '2026-11-01T10:00:00.000Z', has_draft: true, missing_hindi: 3 },
  { slug: 'programs', version: 1, saved_by: null, saved_at: '2026-11-01T10:00:00.000Z', has_draft: false, missing_hindi: 1 },
  ...(['donate', 'volunteer', 'contact'] as const).map((slug) => ({
    slug,
    version: 1,
    saved_by: null,
    saved_at: '2026-11-01T10:00:00.000Z',
    has_draft: false,
    missing_hindi: 0,
  })),
];

/** The editor of `slug` as an admin (or `role`) opens it, get_page.php answering `edit`. */
async function openPage(slug: 'home' | 'about', edit: object = seedPageEdit(slug), handlers: Parameters<typeof serveAdminApi>[0] = {}, role = 'admin') {
  const served = serveAdminApi({ 'GET /api/get_page.php': () => json({ success: true, data: edit }), ...handlers });
  if (role === 'admin') signInAsAdmin();
  else useSession.getState().login(fakeJwt(), role, 'Ravi Munda');
  renderRoute(`/admin/dashboard?section=pages&slug=${slug}`);
  await screen.findByRole('tablist', { name: 'Language to edit' });
  return { ...served, user: userEvent.setup() };
}

const hero = () => screen.getByRole('group', { name: 'Top of the page' });
const heroTitle = () => within(hero()).getByLabelText('Title');
/** update_page.php's answer: the page saved by Ravi at `version`, published or as its draft. */
const saveAnswer = (content: unknown, version: number, publish: boolean, slug: 'home' | 'about' = 'home') =>
  json({
    success: true,
    message: publish ? 'Page published' : 'Draft saved',
    data: { ...seedPageEdit(slug, { version }), saved_by: ravi, ...(publish ? { content } : { draft: content }) },
  });

describe('Pages: the list', () => {
  it('lists the six pages with who saved last, a waiting draft and how many fields lack Hindi; a page opens its editor', async () => {
    serveAdminApi({ 'GET /api/get_pages.php': () => json({ success: true, data: rows }) });
    signInAsAdmin();
    const { router } = renderRoute('/admin/dashboard?section=pages');
    const table = await screen.findByRole('table');
    const rowOf = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) });
    expect(
      within(table)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'About', 'Programs', 'Donate', 'Volunteer', 'Contact']);
    expect(rowOf('Home')).toHaveTextContent('Ravi Munda');
    expect(rowOf('Home')).toHaveTextContent('Hindi complete');
    expect(rowOf('Home')).toHaveTextContent('Published');
    expect(rowOf('About')).toHaveTextContent('First content');
    expect(rowOf('About')).toHaveTextContent('Draft');
    expect(rowOf('About')).toHaveTextContent('3 fields lack Hindi');
    expect(rowOf('Programs')).toHaveTextContent('1 field lacks Hindi');

    await userEvent.setup().click(within(table).getByRole('link', { name: 'About' }));
    await screen.findByRole('heading', { level: 1, name: 'Edit page: About' });
    expect(router.state.location.search).toEqual({ section: 'pages', slug: 'about' });
  });
});

describe('Pages: one page', () => {
  it('edits English or Hindi through a tab list that arrow keys move along; the Hindi tab shows the English and marks what lacks Hindi', async () => {
    const edit = seedPageEdit('home');
    edit.content.hero.badge_text.hi = '';
    const { user } = await openPage('home', edit);
    const [english, hindi] = screen.getAllByRole('tab');
    expect(english).toHaveAttribute('aria-selected', 'true');
    expect(hindi).toHaveAttribute('aria-selected', 'false');
    expect(hindi).toHaveAttribute('tabindex', '-1');
    expect(heroTitle()).toHaveValue(pageSeed.home.hero.title.en);
    expect(screen.getByRole('note')).toHaveTextContent(/^You are editing the published page, its first content \(loaded 1 Nov 2026, .+\)\.$/);
    expect(screen.getByText('1 field lacks Hindi')).toHaveAttribute('role', 'status');

    english!.focus();
    await user.keyboard('{ArrowRight}');
    expect(hindi).toHaveFocus();
    expect(hindi).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', hindi!.id);
    expect(heroTitle()).toHaveValue(pageSeed.home.hero.title.hi);
    expect(heroTitle()).toHaveAttribute('lang', 'hi');
    expect(heroTitle()).toHaveAttribute('placeholder', pageSeed.home.hero.title.en);
    expect(heroTitle()).toHaveAccessibleDescription(`English: ${pageSeed.home.hero.title.en}`);
    const badge = within(hero()).getByLabelText('Badge text');
    expect(badge).toHaveValue('');
    expect(badge).toHaveAccessibleDescription(`No Hindi yet: the Hindi page shows the English. English: ${pageSeed.home.hero.badge_text.en}`);

    // Typing the Hindi completes it; the English stays as it was.
    await user.type(badge, 'पेड़');
    expect(screen.getByText('Hindi complete')).toBeInTheDocument();
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    await user.click(hindi!);
    await user.keyboard('{Home}');
    expect(english).toHaveFocus();
    expect(english).toHaveAttribute('aria-selected', 'true');
    expect(within(hero()).getByLabelText('Badge text')).toHaveValue(pageSeed.home.hero.badge_text.en);
  });

  it('adds, removes and moves the people of the About page, each button named after its person', async () => {
    const { user, requests } = await openPage('about', seedPageEdit('about'), {
      'POST /api/update_page.php': async (request) => saveAnswer((await bodyOf(request)).content, 2, true, 'about'),
    });
    const people = screen.getByRole('group', { name: 'People' });
    const names = () =>
      within(people)
        .getAllByRole('group', { name: /^Person \d/ })
        .map((group) => group.querySelector('legend')!.textContent);
    expect(names()).toEqual(['Person 1: Dr. Anjali Verma', 'Person 2: Rohit Oraon', 'Person 3: Meera Singh']);
    expect(within(people).getByRole('button', { name: 'Move Dr. Anjali Verma up' })).toBeDisabled();
    expect(within(people).getByRole('button', { name: 'Move Meera Singh down' })).toBeDisabled();

    await user.click(within(people).getByRole('button', { name: 'Move Rohit Oraon up' }));
    expect(names()).toEqual(['Person 1: Rohit Oraon', 'Person 2: Dr. Anjali Verma', 'Person 3: Meera Singh']);
    // The focus stays with the moved person (its button is now disabled at the top: the first field).
    expect(within(people).getAllByLabelText('Name')[0]).toHaveFocus();
    await user.click(within(people).getByRole('button', { name: 'Move Dr. Anjali Verma down' }));
    expect(names()).toEqual(['Person 1: Rohit Oraon', 'Person 2: Meera Singh', 'Person 3: Dr. Anjali Verma']);
    expect(within(people).getByRole('button', { name: 'Move Dr. Anjali Verma up' })).toBeEnabled();

    await user.click(within(people).getByRole('button', { name: 'Remove Meera Singh' }));
    await user.click(within(people).getByRole('button', { name: 'Add person' }));
    expect(names()).toEqual(['Person 1: Rohit Oraon', 'Person 2: Dr. Anjali Verma', 'Person 3: person 3']);
    const added = within(people).getAllByLabelText('Name')[2]!;
    expect(added).toHaveFocus();
    await user.type(added, 'Sunita Kujur');
    expect(within(people).getByRole('button', { name: 'Remove Sunita Kujur' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByText('Page published');
    const sent = (await bodyOf(requestTo(requests, '/api/update_page.php')!)) as { content: typeof pageSeed.about };
    expect(sent.content.team.people.map((person) => person.name.en)).toEqual(['Rohit Oraon', 'Dr. Anjali Verma', 'Sunita Kujur']);
    expect(sent.content.team.people[2]).toEqual({ name: { en: 'Sunita Kujur', hi: '' }, role: { en: '', hi: '' }, bio: { en: '', hi: '' }, photo: null });
  });

  it('chooses a picture from the media library, shows it and removes it', async () => {
    const image = {
      id: '65f1c0ffee0000000000cd01',
      url: '/api/image.php?id=65f1c0ffee0000000000cd01',
      width: 1200,
      height: 800,
      alt: 'Women at the new well',
      caption: '',
      name: 'well.jpg',
      bytes: 120_000,
      uploaded_at: '2026-11-01T10:00:00.000Z',
      used_in: [],
    };
    const { user, requests } = await openPage('about', seedPageEdit('about'), {
      'GET /api/get_media.php': () => json({ success: true, data: [image] }, 200, { 'X-Total-Count': '1' }),
      'POST /api/update_page.php': async (request) => saveAnswer((await bodyOf(request)).content, 2, false, 'about'),
    });
    await user.click(screen.getByRole('button', { name: 'Choose photo of Rohit Oraon from the media library' }));
    const picker = screen.getByRole('dialog', { name: 'Choose from the media library' });
    await user.click(await within(picker).findByRole('button', { name: 'Choose Women at the new well' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'The chosen photo of Rohit Oraon' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText('Draft saved');
    const sent = (await bodyOf(requestTo(requests, '/api/update_page.php')!)) as { publish: boolean; content: typeof pageSeed.about };
    expect(sent.publish).toBe(false);
    expect(sent.content.team.people.map((person) => person.photo)).toEqual([null, image.id, null]);

    await user.click(screen.getByRole('button', { name: 'Remove photo of Rohit Oraon' }));
    expect(screen.queryByRole('img', { name: 'The chosen photo of Rohit Oraon' })).not.toBeInTheDocument();
    expect(screen.getByText('Unsaved changes.')).toBeInTheDocument();
  });

  it('saves a draft and publishes with the version it opened, and edits the draft when one waits', async () => {
    const draft = structuredClone(pageSeed.home);
    draft.hero.title.en = 'A draft title';
    const { user, requests } = await openPage(
      'home',
      { ...seedPageEdit('home', { version: 7, draft }), saved_by: ravi },
      {
        'POST /api/update_page.php': async (request) => {
          const body = await bodyOf(request);
          return saveAnswer(body.content, (body.version as number) + 1, body.publish as boolean);
        },
      },
    );
    expect(screen.getByRole('note')).toHaveTextContent(
      /^You are editing the unpublished draft, saved by Ravi Munda on 1 Nov 2026, .+\. Visitors see the published page until you publish\.$/,
    );
    expect(heroTitle()).toHaveValue('A draft title');
    expect(screen.getByRole('button', { name: 'Discard draft' })).toBeInTheDocument();

    await user.clear(heroTitle());
    await user.type(heroTitle(), 'Greener villages together');
    const figures = screen.getByRole('group', { name: 'Impact figures' });
    const firstValue = within(figures).getAllByLabelText('Value')[0]!;
    await user.clear(firstValue);
    await user.type(firstValue, '5200');
    expect(screen.getByText('Unsaved changes.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await screen.findByText('Draft saved');
    await user.type(heroTitle(), '!');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByText('Page published');

    const saves = await Promise.all(requests.filter((request) => new URL(request.url).pathname === '/api/update_page.php').map(bodyOf));
    expect(saves.map(({ slug, version, publish }) => ({ slug, version, publish }))).toEqual([
      { slug: 'home', version: 7, publish: false },
      { slug: 'home', version: 8, publish: true },
    ]);
    const published = saves[1]!.content as typeof pageSeed.home;
    expect(published.hero.title).toEqual({ en: 'Greener villages together!', hi: pageSeed.home.hero.title.hi });
    expect(published.impact.figures[0]).toEqual({ ...pageSeed.home.impact.figures[0], value: 5200 });
    expect(published.involved).toEqual(pageSeed.home.involved);
    expect(screen.queryByText('Unsaved changes.')).not.toBeInTheDocument();
  });

  it('says when someone else saved meanwhile: "Save mine anyway" sends over their version, "Load their version" shows theirs', async () => {
    // The server's page: at version 5 (someone else's save) while the editor opened version 4.
    let server = { version: 5, title: 'Their title' };
    const stored = () => {
      const page = { ...seedPageEdit('home', { version: server.version }), saved_by: ravi, saved_at: new Date().toISOString() };
      page.content.hero.title.en = server.title;
      return page;
    };
    const { user, requests } = await openPage('home', seedPageEdit('home', { version: 4 }), {
      'POST /api/update_page.php': async (request) => {
        const body = (await bodyOf(request)) as { version: number; content: typeof pageSeed.home };
        if (body.version !== server.version) return json({ success: false, message: 'Someone else saved this page', current: stored() }, 409);
        server = { version: server.version + 1, title: body.content.hero.title.en };
        return saveAnswer(body.content, server.version, true);
      },
    });
    const conflictNotice = async () => (await screen.findByText(/This page was changed by someone else/)).closest<HTMLElement>('[role="alert"]')!;
    await user.type(heroTitle(), ' (mine)');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const conflict = await conflictNotice();
    expect(conflict).toHaveTextContent(/This page was changed by someone else since you opened it: Ravi Munda \(ravi@example.org\) saved it at \d\d:\d\d/);
    await user.click(within(conflict).getByRole('button', { name: 'Save mine anyway' }));
    await screen.findByText('Page published');
    const versions = await Promise.all(requests.filter((request) => new URL(request.url).pathname === '/api/update_page.php').map(bodyOf));
    expect(versions.map((body) => body.version)).toEqual([4, 5]);
    expect(server).toEqual({ version: 6, title: `${pageSeed.home.hero.title.en} (mine)` });

    // Someone saves again (version 7); this editor's next save is refused and loads theirs.
    server = { version: 7, title: 'Their title' };
    serveAdminApi({
      'GET /api/get_page.php': () => json({ success: true, data: stored() }),
      'POST /api/update_page.php': () => json({ success: false, message: 'Someone else saved this page', current: stored() }, 409),
    });
    await user.type(heroTitle(), ' again');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await user.click(within(await conflictNotice()).getByRole('button', { name: 'Load their version' }));
    await waitFor(() => expect(heroTitle()).toHaveValue('Their title'));
    expect(screen.queryByText(/This page was changed by someone else/)).not.toBeInTheDocument();
    expect(screen.queryByText('Unsaved changes.')).not.toBeInTheDocument();
  });

  it('offers "Reset to first content" to admins only, after asking', async () => {
    const { user, requests } = await openPage('home', seedPageEdit('home', { version: 3 }), {
      'POST /api/reset_page.php': () => json({ success: true, message: 'Page reset', data: seedPageEdit('home', { version: 4 }) }),
    });
    await user.click(screen.getByRole('button', { name: 'Reset to first content' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset to the first content?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await screen.findByText('Page reset');
    expect(await bodyOf(requestTo(requests, '/api/reset_page.php')!)).toEqual({ slug: 'home' });
  });

  it('shows no reset to an editor', async () => {
    await openPage('home', seedPageEdit('home'), {}, 'editor');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset to first content' })).not.toBeInTheDocument();
  });

  it('refuses a program id that is malformed or used twice, before sending', async () => {
    const served = serveAdminApi({});
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=pages&slug=programs');
    const user = userEvent.setup();
    const programs = await screen.findByRole('group', { name: 'Programs' });
    await user.click(within(programs).getByRole('button', { name: 'Add program' }));
    const ids = within(programs).getAllByLabelText('Id (anchor and category)');
    expect(ids[5]).toHaveAttribute('aria-invalid', 'true');
    await user.type(ids[5]!, 'education');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Program 6: the id “education” is used by another program.')).toBeInTheDocument();
    expect(screen.getByText(/Program 6: the id/).closest('[role="alert"]')).not.toBeNull();
    expect(requestTo(served.requests, '/api/update_page.php')).toBeUndefined();
  });
});

describe('the category selects', () => {
  it('list the programs of the programs page by their admin names, a new program included', async () => {
    const programs = structuredClone(pageSeed.programs);
    programs.items.push({ ...programs.items[0]!, id: 'disaster-relief', admin_label: 'Disaster Relief' });
    serveAdminApi({
      'GET /api/get_page.php': () => json({ success: true, data: { slug: 'programs', lang: 'en', version: 2, content: pageView('programs', programs, 'en') } }),
    });
    render(<CategoryField id="category" value="" onChange={() => {}} />);
    const select = screen.getByLabelText('Category');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(7));
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select category', 'Clean Water', 'Education', 'Reforestation', 'Sustainable Farming', 'Women Empowerment', 'Disaster Relief']);
  });
});
