import type { IncomingMessage } from 'node:http';
import type { PageViews } from './page-views.js';
import { viewRefused } from './routes.js';

/**
 * Counts a beacon answered before Koa (http/early-answer.ts) as trackPageView counts one: its
 * body has passed openapi.yaml, and the headers are read as the handler reads them. A view the
 * counter has no room for is refused with the handler's 429.
 */
export const countEarlyBeacon =
  (pageViews: PageViews) =>
  async (body: Record<string, unknown>, { headers }: IncomingMessage, siteHost: string): Promise<void> => {
    const outcome = await pageViews.count({
      path: body.path as string,
      referrer: body.referrer as string | undefined,
      userAgent: headers['user-agent'] ?? '',
      purpose: `${headers['sec-purpose'] ?? ''} ${headers.purpose ?? ''}`,
      siteHost,
    });
    if (outcome === 'refused') throw viewRefused(pageViews.retryAfterSeconds());
  };
