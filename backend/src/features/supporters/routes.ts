// The supporters feature: a person's own page (/my), volunteer hours and certificates.
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { eventCheckInHours } from '../events/hours.js';
import { HoursBook } from './hours.js';
import { hoursHandlers } from './hours-routes.js';
import { myPageHandlers } from './my-routes.js';

export function supporterHandlers(services: Services): Handlers {
  const book = new HoursBook(services, [eventCheckInHours(services)]);
  return { ...myPageHandlers(services, book), ...hoursHandlers(services, book) };
}
