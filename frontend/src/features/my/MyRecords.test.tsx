// The person's own page lists their sign-ups, subscription and pledges with the links the server
// gave (the ones their mails carry), in the page's language; no cancel or stop link where the
// server gave none.
import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import hindi from '../../i18n/catalogs/hi.json';
import { LanguageProvider, loadLanguage } from '../../i18n/i18n';
import type { MyData } from './api';
import { MyRecords } from './MyRecords';

const data: MyData = {
  email: 'dhan@example.org',
  expires_at: '2026-12-01T10:00:00.000Z',
  registrations: [],
  donations: [],
  form10be: [{ id: '64b0000000000000000000b1', fy: '2025-26', imported_at: '2026-06-01T10:00:00.000Z' }],
  hours: { total: 0, from: null, to: null, programs: [], entries: [] },
  certificates: [],
  nominee: null,
  consents: [],
  grievances: [],
  kept_by_law: [],
  signups: [
    {
      id: '64b000000000000000000001',
      event_id: '64b0000000000000000000e1',
      title: 'Tree planting',
      title_hi: 'वृक्षारोपण',
      starts_at: '2026-12-06T03:30:00.000Z',
      ends_at: '2026-12-06T08:30:00.000Z',
      status: 'confirmed',
      seats: 2,
      ics_url: 'https://ngo.example/api/get_event_ics.php?id=64b0000000000000000000e1',
      cancel_url: 'https://ngo.example/events?cancel=64b000000000000000000001.sig#cancel-form',
    },
    {
      id: '64b000000000000000000002',
      event_id: '64b0000000000000000000e2',
      title: 'Eye camp',
      title_hi: 'नेत्र शिविर',
      starts_at: '2026-10-01T03:30:00.000Z',
      ends_at: '2026-10-01T08:30:00.000Z',
      status: 'cancelled',
      seats: 1,
      ics_url: 'https://ngo.example/api/get_event_ics.php?id=64b0000000000000000000e2',
      cancel_url: null,
    },
  ],
  newsletter: [
    { state: 'subscribed', lang: 'hi', subscribed_at: '2026-11-01T10:00:00.000Z', unsubscribe_url: 'https://ngo.example/hi/newsletter/unsubscribe?token=abc' },
  ],
  pledges: [
    {
      id: '64b0000000000000000000a1',
      amount: 500,
      day: 7,
      status: 'active',
      started_on: '2026-11-01',
      stop_url: 'https://ngo.example/api/stop_pledge.php?token=a.b',
    },
    { id: '64b0000000000000000000a2', amount: 300, day: 3, status: 'stopped', started_on: '2026-01-01', stop_url: null },
  ],
};

const reload = async () => undefined;
const itemOf = (section: HTMLElement, text: string) => within(section).getByText(text).closest('li')!;

describe('my records', () => {
  it('lists sign-ups, the newsletter and pledges with the links their mails carry', () => {
    render(
      <LanguageProvider pathname="/my">
        <MyRecords data={data} reload={reload} />
      </LanguageProvider>,
    );
    const signups = screen.getByRole('region', { name: 'Event sign-ups' });
    const planting = itemOf(signups, 'Tree planting');
    expect(planting).toHaveTextContent('Your place is confirmed');
    expect(planting).toHaveTextContent('2 places');
    expect(within(planting).getByRole('link', { name: 'Cancel my place' })).toHaveAttribute('href', data.signups[0]!.cancel_url!);
    expect(within(planting).getByRole('link', { name: 'Calendar file (.ics)' })).toHaveAttribute('href', data.signups[0]!.ics_url);
    const eyeCamp = itemOf(signups, 'Eye camp');
    expect(eyeCamp).toHaveTextContent('Cancelled');
    expect(within(eyeCamp).queryByRole('link', { name: 'Cancel my place' })).toBeNull();

    const newsletter = screen.getByRole('region', { name: 'Newsletter' });
    expect(newsletter).toHaveTextContent('Subscribed · In Hindi');
    expect(within(newsletter).getByRole('link', { name: 'Unsubscribe' })).toHaveAttribute('href', data.newsletter[0]!.unsubscribe_url!);
    // A Hindi newsletter can be had in English, and the other way round.
    expect(within(newsletter).getByRole('button', { name: 'Send it to me in English' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Form 10BE certificates' })).getByRole('button', { name: 'Form 10BE for 2025-26' })).toBeInTheDocument();

    const pledges = screen.getByRole('region', { name: 'Monthly pledges' });
    expect(
      within(pledges)
        .getAllByRole('link', { name: 'Stop this pledge' })
        .map((link) => link.getAttribute('href')),
    ).toEqual([data.pledges[0]!.stop_url]);
    expect(pledges).toHaveTextContent('Stopped');
  });

  it('says so where there is nothing, and shows the Hindi titles on a Hindi page', async () => {
    const { unmount } = render(
      <LanguageProvider pathname="/my">
        <MyRecords data={{ ...data, signups: [], newsletter: [], pledges: [], form10be: [] }} reload={reload} />
      </LanguageProvider>,
    );
    expect(screen.getByText('You have not signed up for any event.')).toBeInTheDocument();
    expect(screen.getByText('You are not subscribed to our newsletter.')).toBeInTheDocument();
    expect(screen.getByText('You have no monthly pledge.')).toBeInTheDocument();
    // No Form 10BE section for someone who has none.
    expect(screen.queryByRole('region', { name: 'Form 10BE certificates' })).toBeNull();
    unmount();

    render(
      <LanguageProvider pathname="/hi/my">
        <MyRecords data={data} reload={reload} />
      </LanguageProvider>,
    );
    // The records' texts are the page's later part, loaded with the person's records.
    await act(() => loadLanguage('hi', '/{-$lang}/my:later'));
    const signups = screen.getByRole('region', { name: hindi['Event sign-ups'] });
    expect(within(signups).getByText('वृक्षारोपण')).toBeInTheDocument();
    expect(within(signups).getByRole('link', { name: hindi['Cancel my place'] })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: hindi['Stop this pledge'] })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: hindi['Send it to me in English'] })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'वर्ष 2025-26 का फ़ॉर्म 10BE' })).toBeInTheDocument();
  });
});
