import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Context } from 'koa';

/** A text body kept with its gzip and brotli copies, each made once on first demand. */
export class CompressedText {
  private gzip?: Buffer;
  private br?: Buffer;
  readonly raw: Buffer;
  /** `minBytes`: smaller texts go as they are (robots.txt and the like are compressed all the same). */
  constructor(
    text: string,
    private readonly minBytes = 256,
  ) {
    this.raw = Buffer.from(text);
  }

  /** Sends the copy the client prefers (with Content-Encoding and Vary), the text itself otherwise. */
  send(ctx: Context): void {
    ctx.vary('Accept-Encoding');
    const preferred = this.raw.length < this.minBytes ? 'identity' : ctx.acceptsEncodings('br', 'gzip', 'identity');
    if (preferred === 'br') {
      this.br ??= brotliCompressSync(this.raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
      ctx.set('Content-Encoding', 'br');
      ctx.body = this.br;
    } else if (preferred === 'gzip') {
      this.gzip ??= gzipSync(this.raw, { level: 6 });
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = this.gzip;
    } else {
      ctx.body = this.raw;
    }
  }
}
