import type { Middleware } from 'koa';

// JSON and images need nothing from the page around them; the docs page needs its inline style;
// the built frontend loads its own scripts, styles, fonts and images (and pictures from https).
const policies = {
  api: "default-src 'none'; frame-ancestors 'none'",
  docs: "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'",
  site: [
    "default-src 'self'",
    "img-src 'self' data: blob: https:",
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
};

export type ContentPolicy = keyof typeof policies;

declare module 'koa' {
  interface DefaultState {
    contentPolicy?: ContentPolicy;
    /** Inline scripts of a rendered page the policy allows by hash ('sha256-...'). */
    scriptHashes?: string[];
  }
}

/** Headers every answer carries; the Content-Security-Policy depends on what is answered. */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Cross-Origin-Resource-Policy', 'same-origin');
    try {
      await next();
    } finally {
      const policy = policies[ctx.state.contentPolicy ?? (ctx.path.startsWith('/api/') ? 'api' : 'site')];
      const hashes = ctx.state.scriptHashes;
      ctx.set('Content-Security-Policy', hashes?.length ? `${policy}; script-src 'self' ${hashes.join(' ')}` : policy);
    }
  };
}
