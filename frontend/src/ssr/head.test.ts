// The head of an event's page with a picture: its image and the picture's alt text come from the
// event (a post's page takes them from the post).
import { describe, expect, it } from 'vitest';
import { defaultSettings, type EventView } from '@ngo-site/shared';
import { siteView } from '../site';
import { buildHead } from './head';

describe("an event's head", () => {
  it('names the picture by the event, with the picture as the link preview', () => {
    const event = { title: 'Blood donation camp', image_url: '/api/image.php?id=65f1c0ffee0000000000abcd' } as EventView;
    const head = buildHead({
      origin: 'https://example.org',
      canonicalPath: '/events/65f1c0ffee0000000000aaaa',
      status: 200,
      site: siteView(defaultSettings),
      meta: { title: 'Blood donation camp', description: 'A camp' },
      routeId: '/{-$lang}/events/$id',
      event,
    });
    expect(head).toContain('<meta property="og:image:alt" content="Blood donation camp" />');
    expect(head).toMatch(/<meta property="og:image" content="https:\/\/example\.org\/api\/image\.php\?id=65f1c0ffee0000000000abcd[^"]*" \/>/);
  });
});
