import { Types } from 'mongoose';
import { HttpError, notFound } from '../../http/errors.js';
import { requestInput, type Handlers, type Services } from '../../services.js';
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

export function imageHandlers({ images }: Services): Handlers {
  return {
    async getImage(ctx) {
      const { params } = requestInput(ctx);
      const file = await images.find(new Types.ObjectId(params.id as string), params.w as number | undefined);
      if (!file) throw notFound(imageMessages.notFound);

      // A stored file never changes, so its id and length identify its content.
      ctx.set('ETag', `"${file._id.toHexString()}-${file.length}"`);
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
      ctx.set('Accept-Ranges', 'bytes');
      ctx.set('Last-Modified', file.uploadDate.toUTCString());
      ctx.type = file.metadata.contentType;
      ctx.state.contentPolicy = 'api';
      ctx.status = 200;
      if (ctx.fresh) {
        ctx.status = 304;
        return;
      }

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
