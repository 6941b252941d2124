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

  /** The copy the client prefers and its Content-Encoding (none for the text itself); adds Vary. */
  encodedFor(ctx: Context): { encoding?: 'br' | 'gzip'; body: Buffer } {
    ctx.vary('Accept-Encoding');
    const preferred = this.raw.length < this.minBytes ? 'identity' : ctx.acceptsEncodings('br', 'gzip', 'identity');
    if (preferred === 'br') {
      this.br ??= brotliCompressSync(this.raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
      return { encoding: 'br', body: this.br };
    }
    if (preferred === 'gzip') {
      this.gzip ??= gzipSync(this.raw, { level: 6 });
      return { encoding: 'gzip', body: this.gzip };
    }
    return { body: this.raw };
  }

  /** Sends the copy the client prefers, with Content-Encoding and Vary. */
  send(ctx: Context): void {
    const { encoding, body } = this.encodedFor(ctx);
    if (encoding) ctx.set('Content-Encoding', encoding);
    ctx.body = body;
  }
}
