import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/render-route';
import { site } from '../site';

describe('site footer', () => {
  it('has quick links, program anchors, social links, contact details and the current year', async () => {
    renderRoute('/about');
    const footer = await screen.findByRole('contentinfo');
    const quick = within(footer).getByRole('navigation', { name: 'Quick Links' });
    expect(
      within(quick)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'About Us', 'Our Programs', 'Blog & News', 'Events', 'Contact Us', 'Transparency']);
    const programs = within(footer).getByRole('navigation', { name: 'Our Programs' });
    expect(
      within(programs)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Clean Water Initiative', '/programs#health'],
      ['Education for All', '/programs#education'],
      ['Reforestation Project', '/programs#reforestation'],
      ['Sustainable Farming', '/programs#sustainable-farming'],
      ['Women Empowerment', '/programs#women-empowerment'],
    ]);
    for (const name of ['Facebook', 'Twitter', 'Instagram', 'LinkedIn']) {
      expect(within(footer).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(footer).getByText(site.tagline)).toBeInTheDocument();
    for (const phone of site.phones) expect(within(footer).getByRole('link', { name: phone })).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: site.email })).toHaveAttribute('href', `mailto:${site.email}`);
    expect(within(footer).getByText(/Ranchi/)).toBeInTheDocument();
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} ${site.name}`);
  });
});
