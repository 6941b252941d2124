import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/render-route';

function scrollTo(y: number) {
  act(() => {
    window.scrollY = y;
    fireEvent.scroll(window);
  });
}

describe('site header', () => {
  afterEach(() => {
    window.scrollY = 0;
  });

  it('turns white with a shadow only once scrolled more than 10 pixels', async () => {
    renderRoute('/about');
    const header = await screen.findByRole('banner');
    expect(header).not.toHaveClass('is-scrolled');
    scrollTo(10);
    expect(header).not.toHaveClass('is-scrolled');
    scrollTo(11);
    expect(header).toHaveClass('is-scrolled');
    scrollTo(0);
    expect(header).not.toHaveClass('is-scrolled');
  });

  it('lists the eight links in the spec order, with Donate Now apart', async () => {
    renderRoute('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Home', 'About', 'Programs', 'Blog', 'Contact', 'Gallery', 'Volunteer', 'Login', 'Donate Now']);
    expect(within(nav).getByRole('link', { name: 'Donate Now' })).toHaveAttribute('href', '/donate');
  });

  it('highlights the link of the current page', async () => {
    renderRoute('/gallery');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Gallery' })).toHaveClass('is-active'));
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveClass('is-active');
  });

  it('opens the mobile menu and closes it when a link is chosen', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/');
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Close menu');
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveClass('is-open');

    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Contact' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contact'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('navigation', { name: 'Main' })).not.toHaveClass('is-open');
  });

  it('closes the mobile menu on Escape and returns focus to the toggle', async () => {
    const user = userEvent.setup();
    renderRoute('/');
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});
