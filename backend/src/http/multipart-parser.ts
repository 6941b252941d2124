import { createRequire } from 'node:module';
import type { TransformCallback } from 'node:stream';

interface FormidableMultipartParser {
  _transform(buffer: Buffer, encoding: BufferEncoding, done: TransformCallback): unknown;
  explain(): string;
}

type FormidableErrorClass = new (message: string, code: number, httpCode: number) => Error;

// The formidable copy koa-body itself loads, whatever the install layout.
const requireFromKoaBody = createRequire(createRequire(import.meta.url).resolve('koa-body'));
const MultipartParser = requireFromKoaBody('formidable/src/parsers/Multipart.js') as {
  prototype: FormidableMultipartParser;
};
const formidableErrors = requireFromKoaBody('formidable/src/FormidableError.js') as {
  FormidableError: FormidableErrorClass;
  malformedMultipart: number;
};

let repaired = false;

/**
 * formidable 2's multipart parser stops at the first byte it cannot read (a part without
 * headers, a header name with a bracket...) by returning from `_transform` without calling its
 * callback: the stream waits for that callback forever, so neither "end" nor "error" ever comes
 * and the request hangs. formidable 3 answers such a byte with the malformed-multipart error;
 * this gives formidable 2 the same behaviour, which koa-body reports as a parse error (→ 400).
 * The parser is synchronous, so a callback not called by the time `_transform` returns is one
 * that will never be called.
 */
export function repairFormidableMultipartParser() {
  if (repaired) return;
  repaired = true;
  const original = MultipartParser.prototype._transform;
  MultipartParser.prototype._transform = function transform(this: FormidableMultipartParser, buffer, encoding, done) {
    let called = false;
    const result = original.call(this, buffer, encoding, (...args: Parameters<TransformCallback>) => {
      called = true;
      done(...args);
    });
    if (!called) {
      done(
        new formidableErrors.FormidableError(
          `MultipartParser: unexpected byte, ${this.explain()}`,
          formidableErrors.malformedMultipart,
          400,
        ),
      );
    }
    return result;
  };
}
