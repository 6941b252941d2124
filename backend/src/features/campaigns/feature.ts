import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { CampaignDayTurn } from './day-turn.js';
import { campaignHandlers } from './routes.js';

/** The campaigns of one app: their operations, and the raise of the content version when the day turns. */
export function campaignFeature(services: Services): Handlers {
  const days = new CampaignDayTurn(services);
  days.worker?.start();
  services.lifecycle.beforeStop(async () => days.worker?.stop());
  return campaignHandlers(services);
}
