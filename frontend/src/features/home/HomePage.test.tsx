import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render-route';

describe('home page', () => {
  it('has one h1, the hero buttons, program cards with anchors and Get Involved links', async () => {
    renderRoute('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const main = screen.getByRole('main');
    expect(within(main).getAllByRole('link', { name: 'Donate Now' })[0]).toHaveAttribute('href', '/donate');
    expect(within(main).getByRole('link', { name: 'Our Programs' })).toHaveAttribute('href', '/programs');
    expect(within(main).getByRole('link', { name: /Clean Water Initiative/ })).toHaveAttribute('href', '/programs#health');
    expect(within(main).getByRole('link', { name: /Education for All/ })).toHaveAttribute('href', '/programs#education');
    expect(within(main).getByRole('link', { name: /Reforestation Project/ })).toHaveAttribute('href', '/programs#reforestation');
    expect(screen.getByRole('heading', { name: 'Get Involved' })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Make a Donation' })).toHaveAttribute('href', '/donate');
    expect(within(main).getByRole('link', { name: 'Become a Volunteer' })).toHaveAttribute('href', '/about#volunteer');
    expect(within(main).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });
});
