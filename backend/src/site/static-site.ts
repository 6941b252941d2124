import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Middleware } from 'koa';

const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest|map)$/;

/** The .br or .gz copy of `file` the build wrote, in the encoding the client prefers. */
async function precompressed(file: string, preferred: string | false) {
  const extension = preferred === 'br' ? '.br' : preferred === 'gzip' ? '.gz' : undefined;
  if (!extension) return undefined;
  const info = await stat(file + extension).catch(() => undefined);
  return info?.isFile() ? { encoding: preferred as string, file: file + extension, size: info.size } : undefined;
}

/**
 * Serves the built frontend: hashed files under /assets are cached for a year. With
 * `pageFallback` (no server renderer) every other path that is not a file gets index.html (the
 * client-side router decides), never cached; without it such paths go on to the page renderer.
 */
export function staticSite(root: string, { pageFallback = true } = {}): Middleware {
  const base = path.resolve(root);
  const fileAt = async (urlPath: string) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return undefined;
    }
    const normalised = path.posix.normalize('/' + decoded);
    // Hidden files and folders (the build's .vite/ records, an editor's leftovers) are not the site.
    if (normalised.split('/').some((segment) => segment.startsWith('.'))) return undefined;
    const file = path.resolve(base, '.' + normalised);
    if (file !== base && !file.startsWith(base + path.sep)) return undefined;
    const info = await stat(file).catch(() => undefined);
    return info?.isFile() ? { file, size: info.size, mtime: info.mtime } : undefined;
  };

  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path === '/api' || ctx.path.startsWith('/api/')) return next();
    const hashedAsset = ctx.path.startsWith('/assets/');
    const found = (await fileAt(ctx.path)) ?? (hashedAsset || !pageFallback || path.extname(ctx.path) ? undefined : await fileAt('/index.html'));
    if (!found) return next();
    ctx.state.contentPolicy = 'site';
    // Koa looks the type up from the extension.
    ctx.type = path.extname(found.file) || 'application/octet-stream';
    // The build writes .br and .gz next to each compressible file; send one when the browser takes it.
    const packed = compressible.test(found.file) ? await precompressed(found.file, ctx.acceptsEncodings('br', 'gzip', 'identity')) : undefined;
    if (compressible.test(found.file)) ctx.vary('Accept-Encoding');
    const sent = packed ?? found;
    if (packed) ctx.set('Content-Encoding', packed.encoding);
    ctx.length = sent.size;
    ctx.lastModified = found.mtime;
    ctx.set('Cache-Control', hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    if (ctx.method === 'HEAD') return;
    ctx.body = createReadStream(sent.file);
  };
}
