import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, serveApi } from '../../test/api-fetch';
import { renderRoute } from '../../test/render-route';
import { languageChoiceKey } from '../components/LanguageSwitch';

const id = 'c'.repeat(24);
const post = {
  id,
  title: 'Rain for the seed bank',
  excerpt: 'How a village kept its seeds.',
  category: 'sustainable-farming',
  image_url: '',
  author: 'Rohit',
  date: '2025-06-30',
  content: 'First paragraph.',
  status: 'published',
  created_at: '2025-06-30T10:00:00.000Z',
  updated_at: '2025-06-30T10:00:00.000Z',
};

const alternates = () =>
  Object.fromEntries(
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')].map((link) => [link.hreflang, new URL(link.href).pathname]),
  );

describe('the Hindi site', () => {
  it('shows the home page in Hindi with lang="hi", hreflang alternates and a switch back to English', async () => {
    renderRoute('/hi');
    // The first Hindi page of the file loads the Hindi chunk (compiled on first use by the test server).
    expect(await screen.findByRole('heading', { level: 1, name: 'मिलकर बनाएँ हरे-भरे, स्वस्थ गाँव' }, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.lang).toBe('hi'));
    expect(alternates()).toEqual({ en: '/', hi: '/hi', 'x-default': '/' });
    const switcher = screen.getByRole('list', { name: 'भाषा' });
    expect(within(switcher).getByRole('link', { name: 'English' })).toHaveAttribute('href', '/');
    expect(within(switcher).getByText('हिन्दी')).toHaveAttribute('aria-current', 'true');
    // The header's links stay in Hindi; the login has no Hindi version.
    const nav = screen.getByRole('navigation', { name: 'मुख्य' });
    expect(within(nav).getByRole('link', { name: 'कार्यक्रम' })).toHaveAttribute('href', '/hi/programs');
    expect(within(nav).getByRole('link', { name: 'लॉगिन' })).toHaveAttribute('href', '/login');
    expect(screen.getByText('1,00,000')).toBeInTheDocument();
  });

  it('switches to the same page, search and anchor in the other language, and remembers the choice', async () => {
    renderRoute('/programs#reforestation');
    expect(await screen.findByRole('heading', { level: 1, name: 'Our Programs' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
    const toHindi = screen.getByRole('link', { name: 'हिन्दी' });
    expect(toHindi).toHaveAttribute('href', '/hi/programs#reforestation');
    fireEvent.click(toHindi);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'हमारे कार्यक्रम' })).toBeInTheDocument());
    expect(localStorage.getItem(languageChoiceKey)).toBe('hi');
    expect(screen.getByRole('heading', { level: 2, name: 'वनीकरण परियोजना' })).toBeInTheDocument();
    expect(screen.getByText('1,00,000 पौधे')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/programs#reforestation');
  });

  it('keeps the blog search when switching, and asks the API for the Hindi text', async () => {
    const { requests } = serveApi({
      'GET /api/get_blogs.php': () => json([{ ...post, content: undefined, title: 'बीज बैंक के लिए बारिश', text_lang: 'hi' }], 200, { 'X-Total-Count': '1' }),
    });
    renderRoute('/hi/blog?q=seed');
    expect(await screen.findByRole('link', { name: 'बीज बैंक के लिए बारिश' })).toHaveAttribute('href', `/hi/blog/${id}`);
    const query = new URL(requests[0]!.url).searchParams;
    expect(query.get('lang')).toBe('hi');
    expect(query.get('q')).toBe('seed');
    expect(screen.getByText('30 जून 2025')).toBeInTheDocument();
    expect(screen.getByText('टिकाऊ खेती', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/blog?q=seed');
  });

  it('shows a post with Hindi text in Hindi, without the mark', async () => {
    serveApi({
      'GET /api/get_blog.php': (request) => {
        const translated = new URL(request.url).searchParams.get('lang') === 'hi';
        return json({ success: true, data: translated ? { ...post, title: 'बीज बैंक के लिए बारिश', text_lang: 'hi' } : post });
      },
    });
    renderRoute(`/hi/blog/${id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'बीज बैंक के लिए बारिश' })).toBeInTheDocument();
    expect(screen.queryByText('(English)')).toBeNull();
    expect(screen.getByRole('link', { name: 'ब्लॉग पर लौटें' })).toHaveAttribute('href', '/hi/blog');
  });

  it('marks a post shown in English on a Hindi page', async () => {
    serveApi({ 'GET /api/get_blog.php': () => json({ success: true, data: { ...post, text_lang: 'en' } }) });
    renderRoute(`/hi/blog/${id}`);
    const heading = await screen.findByRole('heading', { level: 1, name: /^Rain for the seed bank/ });
    expect(heading).toHaveTextContent('Rain for the seed bank (English)');
    expect(within(heading).getByText('(English)')).toHaveAttribute('lang', 'en');
    expect(screen.getByText('First paragraph.').closest('[lang]')).toHaveAttribute('lang', 'en');
  });

  it('writes rupees in the Indian grouping on the Hindi donate page', async () => {
    renderRoute('/hi/donate');
    fireEvent.click(await screen.findByRole('button', { name: 'अन्य' }));
    fireEvent.change(screen.getByLabelText('अपनी राशि (₹)'), { target: { value: '100000' } });
    expect(screen.getByText('आप एक बार ₹1,00,000 दे रहे हैं।')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '₹10,000' })).toBeInTheDocument();
  });

  it('answers an unknown Hindi path with the Hindi 404 page', async () => {
    renderRoute('/hi/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'पेज नहीं मिला' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'मुखपृष्ठ पर लौटें' })).toHaveAttribute('href', '/hi');
  });
});
