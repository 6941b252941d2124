import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { createGunzip, createInflate } from 'node:zlib';
import type { Context, Middleware } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import type { Config } from '../config.js';
import { formatBytes } from '../format-bytes.js';
import { HttpError, badRequest } from './errors.js';
import type { UploadedFile } from './handlers.js';
import type { Operation } from './openapi.js';

declare module 'koa' {
  interface DefaultState {
    uploads?: Map<string, UploadedFile[]>;
  }
}

export const bodyMessages = {
  tooLarge: (limit: number) => `The request is too large. The limit is ${formatBytes(limit)}`,
  malformedJson: 'Malformed JSON body: the request could not be read as JSON',
  unreadableUpload: 'The upload could not be read. Please choose the files again and retry',
  expectedJson: 'Send this request as JSON (Content-Type: application/json)',
  expectedMultipart: 'Send this request as a form upload (Content-Type: multipart/form-data)',
  expectedForm: 'Send this form as a plain form post (Content-Type: application/x-www-form-urlencoded)',
  tooManyFields: (limit: number) => `The form has too many fields. It may have at most ${limit}`,
  fieldsTooLarge: (limit: number) => `The form's text fields are too long. Together they may have at most ${formatBytes(limit)}`,
};

interface ParserError extends Error {
  status?: number;
  httpCode?: number;
  type?: string;
  /** formidable's own error code (see formidable/src/FormidableError.js). */
  code?: number | string;
}

// formidable's codes for its own limits, which are not the request size limit.
const formidableMaxFieldsSizeExceeded = 1006;
const formidableMaxFieldsExceeded = 1007;
const maxFormFields = 100;

let fileSequence = 0;
/** The order in which formidable began each file of a form (it lists them as they finish). */
const sentIndex = new WeakMap<object, number>();

/** Bodies read before Koa saw the request (early-answer.ts hands what it does not take to Koa with them). */
export const bodiesReadEarly = new WeakMap<IncomingMessage, Buffer>();

const hasBody = (headers: Record<string, string | string[] | undefined>) =>
  headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;

/**
 * Reads the body an operation expects, and only that: JSON or multipart with the configured
 * limits. Refusals are HttpErrors (400 unreadable, 413 too large, 415 wrong type); uploaded
 * files are collected in ctx.state.uploads and their temporary copies removed afterwards.
 */
export function readBody(operation: Operation, config: Config): Middleware {
  const mediaType = operation.bodyMediaType;
  if (!mediaType) return (_ctx, next) => next();
  if (mediaType === 'application/json') return readJsonBody(Math.min(config.jsonMaxBytes, config.requestMaxBytes));
  if (mediaType === 'application/x-www-form-urlencoded') {
    const limit = Math.min(config.jsonMaxBytes, config.requestMaxBytes);
    return async (ctx, next) => {
      ctx.request.body = formFieldsBody(operation, await readUrlEncodedBody(ctx, limit)) as typeof ctx.request.body;
      return next();
    };
  }
  const limit = config.requestMaxBytes;

  const parse = koaBody({
    json: false,
    multipart: true,
    urlencoded: false,
    text: false,
    parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
    formidable: {
      maxFileSize: config.requestMaxBytes,
      maxFieldsSize: config.jsonMaxBytes,
      maxFields: maxFormFields,
      allowEmptyFiles: true,
      minFileSize: 0,
      // formidable lists a file when it is written to disk, so a small file can overtake a big
      // one sent before it; numbering them as they begin keeps the order of the form.
      onFileBegin: (_name, file) => {
        sentIndex.set(file, fileSequence++);
      },
    },
    onError: (error: ParserError) => {
      if (error.code === formidableMaxFieldsExceeded) throw new HttpError(413, bodyMessages.tooManyFields(maxFormFields));
      if (error.code === formidableMaxFieldsSizeExceeded) throw new HttpError(413, bodyMessages.fieldsTooLarge(config.jsonMaxBytes));
      const status = error.status ?? error.httpCode;
      if (status === 413 || error.type === 'entity.too.large') throw new HttpError(413, bodyMessages.tooLarge(limit));
      throw badRequest(bodyMessages.unreadableUpload);
    },
  });

  return async (ctx, next) => {
    if (!hasBody(ctx.req.headers)) {
      ctx.request.body = {};
      return next();
    }
    // Let the client finish sending, so it reads the refusal instead of a reset connection.
    const refuse = (error: HttpError) => {
      ctx.req.resume();
      throw error;
    };
    if (!ctx.is(mediaType)) refuse(new HttpError(415, bodyMessages.expectedMultipart));
    const declaredLength = Number(ctx.get('content-length') || 0);
    if (declaredLength > limit) {
      ctx.set('Connection', 'close');
      refuse(new HttpError(413, bodyMessages.tooLarge(limit)));
    }

    const uploads = new Map<string, UploadedFile[]>();
    ctx.state.uploads = uploads;
    try {
      try {
        await parse(ctx, async () => {});
      } catch (error) {
        if (error instanceof HttpError) refuse(error);
        throw error;
      }
      for (const [name, value] of Object.entries(ctx.request.files ?? {})) {
        const sent = (Array.isArray(value) ? value : [value])
          .sort((a, b) => (sentIndex.get(a) ?? 0) - (sentIndex.get(b) ?? 0))
          // An empty file with no name is a file input left empty by the browser.
          .filter((file) => file.size > 0 || file.originalFilename)
          .map((file) => ({ filepath: file.filepath, originalFilename: file.originalFilename || 'file', size: file.size }));
        // Kept even when empty: an input left empty still tells which form was sent.
        uploads.set(name, sent);
      }
      await next();
    } finally {
      const temporary = Object.values(ctx.request.files ?? {}).flat();
      await Promise.all(temporary.map((file) => rm(file.filepath, { force: true })));
    }
  };
}

// JSON bodies are read with node:zlib and JSON.parse only: every JSON operation is small, and a
// general body parser's layers cost more than the parsing itself. koa-body reads the uploads.

/**
 * The body's bytes, decompressed as Content-Encoding says, refused past `limit`. Read with
 * listeners rather than an async iterator, which would destroy the request (and the client's
 * connection) on a refusal instead of letting it finish sending.
 */
function readBytes(source: Readable, encoding: string, limit: number): Promise<Buffer> {
  const decoder = encoding === 'gzip' || encoding === 'x-gzip' ? createGunzip() : encoding === 'deflate' ? createInflate() : undefined;
  if (!decoder && encoding && encoding !== 'identity') return Promise.reject(badRequest(bodyMessages.malformedJson));
  const stream: Readable = decoder ? source.pipe(decoder) : source;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const stop = (error: HttpError) => {
      stream.off('data', onData);
      if (decoder) source.unpipe(decoder);
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      if (length > limit) stop(new HttpError(413, bodyMessages.tooLarge(limit), { headers: { Connection: 'close' } }));
      else chunks.push(chunk);
    };
    stream.on('data', onData);
    stream.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length)));
    // Bad compressed data, or the client went away mid-body.
    stream.once('error', () => stop(badRequest(bodyMessages.malformedJson)));
    source.once('aborted', () => stop(badRequest(bodyMessages.malformedJson)));
  });
}

/**
 * The bytes of a body of `mediaType` (415 `wrongType` for another) of at most `limit` bytes (413
 * past it, said before reading when Content-Length shows it).
 */
async function readSmallBody(ctx: Context, mediaType: string, wrongType: string, limit: number): Promise<Buffer> {
  // Let the client finish sending, so it reads the refusal instead of a reset connection.
  const refuse = (error: HttpError): never => {
    ctx.req.resume();
    throw error;
  };
  if (!ctx.is(mediaType)) refuse(new HttpError(415, wrongType));
  if (Number(ctx.get('content-length') || 0) > limit) {
    ctx.set('Connection', 'close');
    refuse(new HttpError(413, bodyMessages.tooLarge(limit)));
  }
  try {
    return bodiesReadEarly.get(ctx.req) ?? (await readBytes(ctx.req, ctx.get('content-encoding').trim().toLowerCase(), limit));
  } catch (error) {
    return refuse(error as HttpError);
  }
}

/**
 * Reads an application/json body of at most `limit` bytes into ctx.request.body: 415 for another
 * media type, 413 past the limit (said before reading when Content-Length shows it), 400 for
 * what is not a JSON object or array. No body at all reads as {}.
 */
export function readJsonBody(limit: number): Middleware {
  return async (ctx, next) => {
    if (!hasBody(ctx.req.headers)) {
      ctx.request.body = {};
      return next();
    }
    const bytes = await readSmallBody(ctx, 'application/json', bodyMessages.expectedJson, limit);
    const text = bytes.toString('utf8').trim();
    if (!text) ctx.request.body = {};
    else if (text[0] !== '{' && text[0] !== '[') throw badRequest(bodyMessages.malformedJson);
    else {
      try {
        ctx.request.body = JSON.parse(text) as typeof ctx.request.body;
      } catch {
        throw badRequest(bodyMessages.malformedJson);
      }
    }
    return next();
  };
}

/**
 * A plain form post (application/x-www-form-urlencoded) of at most `limit` bytes, read with the
 * same reader as JSON: each field's first value by name. 415 for another media type, 413 past
 * the limit (said before reading when Content-Length shows it).
 */
export async function readUrlEncodedBody(ctx: Context, limit: number): Promise<Map<string, string>> {
  if (!hasBody(ctx.req.headers)) return new Map();
  const bytes = await readSmallBody(ctx, 'application/x-www-form-urlencoded', bodyMessages.expectedForm, limit);
  const fields = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(bytes.toString('utf8'))) if (!fields.has(name)) fields.set(name, value);
  return fields;
}

/**
 * A form's fields as the operation's body: each value as the contract types it (a number or a
 * yes/no where it says so; anything else is left as sent for the contract to refuse in its own
 * words), and fields the contract does not know kept for it to refuse. A browser sends every
 * field, filled or not: one left blank is not sent, as the script's forms do.
 */
export function formFieldsBody(operation: Operation, fields: Map<string, string>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of fields) {
    if (value.trim() === '') continue;
    const type = operation.bodyFields.get(name);
    if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(value.trim())) body[name] = Number(value.trim());
    else if (type === 'boolean') body[name] = value === 'true' || value === 'on';
    else body[name] = value;
  }
  return body;
}
