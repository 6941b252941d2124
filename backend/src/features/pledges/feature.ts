import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { PledgeMails } from './mails.js';
import { PledgeReminders } from './reminders.js';
import { pledgeHandlers } from './routes.js';
import { PledgeService } from './service.js';

/** The monthly pledges of one app: their operations, and the reminders and statements started and stopped with the app. */
export function pledgeFeature(services: Services): Handlers {
  const reminders = new PledgeReminders(services, new PledgeMails(services));
  reminders.worker?.start();
  services.lifecycle.beforeStop(async () => reminders.worker?.stop());
  return pledgeHandlers(services, new PledgeService(services));
}
