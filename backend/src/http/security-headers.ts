import type { Middleware } from 'koa';
// Written once for the backend and nginx (nginx/render.mjs reads the same file); why each
// directive is there is said in the file.
import written from './content-security-policy.json' with { type: 'json' };

export type ContentPolicy = 'api' | 'docs' | 'site';
const policies: Record<ContentPolicy, string> = {
  api: written.api.join('; '),
  docs: written.docs.join('; '),
  site: written.site.join('; '),
};

/** A policy whose script-src also allows these inline scripts (one directive: browsers ignore a second). */
const withScriptHashes = (policy: ContentPolicy, hashes: string[]) =>
  written[policy].map((directive) => (directive.startsWith('script-src ') ? `${directive} ${hashes.join(' ')}` : directive)).join('; ');

declare module 'koa' {
  interface DefaultState {
    contentPolicy?: ContentPolicy;
    /** Inline scripts of a rendered page the policy allows by hash ('sha256-...'). */
    scriptHashes?: string[];
  }
}

/** Headers every answer carries, whatever it is. */
const everyAnswer: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** The security headers of an API answer, for one written without Koa (the page-view beacon). */
export const apiAnswerHeaders: Readonly<Record<string, string>> = { ...everyAnswer, 'Content-Security-Policy': policies.api };

/** Headers every answer carries; the Content-Security-Policy depends on what is answered. */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set(everyAnswer);
    try {
      await next();
    } finally {
      const policy = ctx.state.contentPolicy ?? (ctx.path.startsWith('/api/') ? 'api' : 'site');
      const hashes = ctx.state.scriptHashes;
      ctx.set('Content-Security-Policy', hashes?.length ? withScriptHashes(policy, hashes) : policies[policy]);
    }
  };
}
