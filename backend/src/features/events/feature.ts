import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { EventReminders } from './reminders.js';
import { eventHandlers } from './routes.js';
import { EventService } from './service.js';
import { EventSignups } from './signups.js';

/** The events feature of one app: its operations, and its background work started and stopped with the app. */
export function eventFeature(services: Services): Handlers {
  const signups = new EventSignups(services);
  const reminders = new EventReminders(services, signups);
  reminders.start();
  services.lifecycle.beforeStop(async () => reminders.stop());
  return eventHandlers(services, new EventService(services, signups), signups);
}
