// An event's schema.org Event, as search engines read it from the page's head: its times with
// India's offset, the place and its address, whether it goes ahead, the free places (an Offer at
// no cost with its availability, and how many places remain), and the organisation that holds
// it. Typed by schema-dts, so a property or value schema.org does not have fails the build.
import type { EventView } from '@ngo-site/shared';
import type { Event, ItemAvailability, NGO, WithContext } from 'schema-dts';

function availability(event: EventView): ItemAvailability {
  switch (event.signup) {
    case 'open':
      return event.places_left !== null && event.places_left <= 5 ? 'https://schema.org/LimitedAvailability' : 'https://schema.org/InStock';
    case 'waitlist':
      return 'https://schema.org/SoldOut';
    default:
      return 'https://schema.org/Discontinued';
  }
}

export function eventJsonLd(event: EventView, { url, image, organiser }: { url: string; image?: string; organiser: NGO }): WithContext<Event> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: event.summary || event.title,
    url,
    startDate: event.starts_at,
    endDate: event.ends_at,
    eventStatus: event.status === 'cancelled' ? 'https://schema.org/EventCancelled' : 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: event.venue,
      address: { '@type': 'PostalAddress', streetAddress: event.address || event.venue, addressCountry: 'IN' },
      ...(event.map_url ? { hasMap: event.map_url } : {}),
    },
    ...(image ? { image: [image] } : {}),
    organizer: organiser,
    isAccessibleForFree: true,
    offers: {
      '@type': 'Offer',
      price: 0,
      priceCurrency: 'INR',
      availability: availability(event),
      url,
      ...(event.signup_deadline ? { availabilityEnds: event.signup_deadline } : {}),
    },
    ...(event.capacity !== null ? { maximumAttendeeCapacity: event.capacity, remainingAttendeeCapacity: event.places_left ?? 0 } : {}),
  };
}
