import { rm } from 'node:fs/promises';
import type { Middleware } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import type { Config } from '../config.js';
import { HttpError, badRequest } from './errors.js';
import type { Operation } from './openapi.js';

export interface UploadedFile {
  filepath: string;
  originalFilename: string;
  size: number;
}

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
  tooManyFields: (limit: number) => `The form has too many fields. It may have at most ${limit}`,
  fieldsTooLarge: (limit: number) => `The form's text fields are too long. Together they may have at most ${formatBytes(limit)}`,
};

export function formatBytes(bytes: number) {
  if (bytes >= 1024 * 1024) return `${+(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}

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
  const isJson = mediaType === 'application/json';
  const limit = isJson ? Math.min(config.jsonMaxBytes, config.requestMaxBytes) : config.requestMaxBytes;

  const parse = koaBody({
    json: isJson,
    jsonStrict: true,
    jsonLimit: limit,
    multipart: !isJson,
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
      if (isJson) throw badRequest(bodyMessages.malformedJson);
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
    if (!ctx.is(mediaType)) refuse(new HttpError(415, isJson ? bodyMessages.expectedJson : bodyMessages.expectedMultipart));
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
