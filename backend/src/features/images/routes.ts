import { Types } from 'mongoose';
import { HttpError, notFound } from '../../http/errors.js';
import { requestInput, type Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { imageMessages } from './messages.js';

/** Parses a single `bytes=` range; undefined when absent or in a form we do not serve (then the whole file goes). */
export function parseRange(header: string, length: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, length - suffix);
    end = length - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? length - 1 : Math.min(Number(match[2]), length - 1);
  }
  if (start >= length || start > end) return 'unsatisfiable';
  return { start, end };
}

/** True when an If-None-Match header lists `etag` (weak or strong). */
export function ifNoneMatchIncludes(header: string, etag: string): boolean {
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export function imageHandlers({ images }: Services): Handlers {
  return {
    async getImage(ctx) {
      const { params } = requestInput(ctx);
      const id = params.id as string;
      const width = params.w as number | undefined;
      // An id names one stored image forever (a replacement gets a new id) and a width one
      // variant of it, so the pair is the ETag, and a browser's revalidation is answered
      // without touching the database.
      const etag = `"${id.toLowerCase()}-${width ?? 'original'}"`;
      const setCacheHeaders = () => {
        ctx.set('ETag', etag);
        ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
      };
      ctx.state.contentPolicy = 'api';
      if (ifNoneMatchIncludes(ctx.get('if-none-match'), etag)) {
        setCacheHeaders();
        ctx.status = 304;
        return;
      }

      const file = await images.find(new Types.ObjectId(id), width);
      if (!file) throw notFound(imageMessages.notFound);
      setCacheHeaders();
      ctx.set('Accept-Ranges', 'bytes');
      ctx.set('Last-Modified', file.uploadDate.toUTCString());
      ctx.type = file.metadata.contentType;
      ctx.status = 200;

      const rangeHeader = ctx.get('range');
      const ifRange = ctx.get('if-range');
      const range = rangeHeader && (!ifRange || ifRange === ctx.response.get('ETag')) ? parseRange(rangeHeader, file.length) : undefined;
      if (range === 'unsatisfiable') {
        ctx.remove('Content-Type');
        throw new HttpError(416, imageMessages.rangeNotSatisfiable, { headers: { 'Content-Range': `bytes */${file.length}` } });
      }
      if (range) {
        ctx.status = 206;
        ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${file.length}`);
      }
      ctx.length = range ? range.end - range.start + 1 : file.length;
      if (ctx.method === 'HEAD') return;
      ctx.body = await images.read(file, range);
    },
  };
}
