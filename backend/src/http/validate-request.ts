import type { Middleware } from 'koa';
import type { ErrorObject } from 'ajv/dist/2020.js';
import { badRequest, type FieldError } from './errors.js';
import { schemaFieldErrors, upperFirst } from './schema-errors.js';
import type { Operation } from './openapi.js';
import type { UploadedFile } from './handlers.js';

/** What a handler may read once the request has passed openapi.yaml. */
export interface ValidatedRequest {
  /** Query (and declared header) parameters, coerced to their schema types. */
  params: Record<string, unknown>;
  /** The body with strings trimmed; files are not in it (see `files`). */
  body: Record<string, unknown>;
  /** Uploaded files by field name (`image`, `images[]`), empty ones left out. */
  files: Map<string, UploadedFile[]>;
}

declare module 'koa' {
  interface DefaultState {
    operation?: Operation;
    input?: ValidatedRequest;
  }
}

// The contract's bodies are flat; anything nested deeper is refused by the schema anyway, and
// stopping here keeps a hostile 50 000-level body from exhausting the stack.
const trimDepth = 8;

/** Trims every string, leaving out the named top-level fields (passwords). */
export function trimStrings(value: unknown, untrimmed: Set<string> = new Set(), depth = 0): unknown {
  if (typeof value === 'string') return value.trim();
  if (depth >= trimDepth) return value;
  if (Array.isArray(value)) return value.map((item) => trimStrings(item, undefined, depth + 1));
  if (value && typeof value === 'object') {
    // fromEntries defines own properties, so a "__proto__" key stays a (refused) field.
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, untrimmed.has(key) ? item : trimStrings(item, undefined, depth + 1)]));
  }
  return value;
}

// C0 controls other than tab, line feed and carriage return have no place in text a person
// types, and PostgreSQL-backed storage cannot even hold U+0000 (it would answer with a 500).
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlCharacter = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

const describeCharacter = (character: string) => `U+${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/** The fields (dotted paths) whose text holds a control character, with the first one found. */
export function fieldsWithControlCharacters(value: unknown, path = '', depth = 0): FieldError[] {
  if (typeof value === 'string') {
    const found = controlCharacter.exec(value);
    if (!found) return [];
    const field = path || 'body';
    return [{ field, message: `${field} must not contain control characters (found ${describeCharacter(found[0])})` }];
  }
  if (depth >= trimDepth || !value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => fieldsWithControlCharacters(item, path ? `${path}.${key}` : key, depth + 1));
}

function refuseControlCharacters(value: unknown) {
  const errors = fieldsWithControlCharacters(value);
  if (errors.length) throw badRequest(upperFirst(errors[0]!.message), errors);
}

/** Maps Ajv's findings to the 400 answer: the operation's own wording when something is missing. */
export function validationError(operation: Operation, errors: ErrorObject[], data: unknown, multiple: boolean) {
  const { fieldErrors, missing } = schemaFieldErrors(errors, data);
  const requiredMessage = (multiple && operation.requiredMessageMultiple) || operation.requiredMessage;
  const summary = missing && requiredMessage ? requiredMessage : upperFirst(fieldErrors[0]?.message ?? 'The request is not valid');
  return badRequest(summary, fieldErrors);
}

/** A body as handlers read it: strings trimmed (passwords aside), optional fields sent blank left out. */
export function cleanBody(operation: Operation, parsed: object): Record<string, unknown> {
  const body = trimStrings(parsed, operation.untrimmedFields) as Record<string, unknown>;
  for (const name of operation.blankMeansAbsent) if (body[name] === '') delete body[name];
  return body;
}

/** Checks parameters and body against openapi.yaml and leaves the clean result in ctx.state.input. */
export function validateRequest(operation: Operation): Middleware {
  return async (ctx, next) => {
    const params: Record<string, unknown> = {};
    for (const parameter of operation.parameters) {
      if (parameter.in === 'query' && parameter.name in ctx.query) params[parameter.name] = ctx.query[parameter.name];
      // A parameter sent as a list or an object in the PHP style (q[]=a, q[x]=b) is refused
      // rather than taken as an unknown parameter and ignored.
      if (parameter.in === 'query' && Object.keys(ctx.query).some((name) => name.startsWith(`${parameter.name}[`))) {
        throw badRequest(`${upperFirst(parameter.name)} must be a single value`, [
          { field: parameter.name, message: `${parameter.name} must be a single value` },
        ]);
      }
      // A header sent empty is sent: it meets the schema (an empty Idempotency-Key is refused).
      if (parameter.in === 'header' && ctx.headers[parameter.name.toLowerCase()] !== undefined) {
        params[parameter.name.toLowerCase()] = ctx.get(parameter.name);
      }
    }
    // Before trimming: a vertical tab or form feed at an end is refused too, as the contract says.
    refuseControlCharacters(params);
    for (const { name, in: where } of operation.parameters) if (where === 'query' && name in params) params[name] = trimStrings(params[name]);
    if (operation.validateParameters && !operation.validateParameters(params)) {
      throw validationError(operation, operation.validateParameters.errors ?? [], params, false);
    }

    const files: Map<string, UploadedFile[]> = ctx.state.uploads ?? new Map();
    let body: Record<string, unknown> = {};
    if (operation.validateBody) {
      const parsed = ctx.request.body as unknown;
      if (parsed !== undefined && (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))) {
        throw badRequest('The request body must be a JSON object', [{ field: 'body', message: 'body must be an object' }]);
      }
      refuseControlCharacters(parsed);
      body = cleanBody(operation, parsed ?? {});
      const multiple = operation.fileFields.get('images[]') !== undefined && (files.has('images[]') || 'images[]' in body);
      const checked: Record<string, unknown> = { ...body };
      for (const [name, field] of operation.fileFields) {
        if (name in body) {
          throw badRequest(`${upperFirst(name)} must be ${field.image ? 'an image file' : 'a file'}`, [{ field: name, message: `${name} must be a file` }]);
        }
        const sent = files.get(name);
        if (!sent?.length) continue;
        if (!field.multiple && sent.length > 1) {
          throw badRequest(`Send only one file in ${name}`, [{ field: name, message: `${name} takes one file` }]);
        }
        // The schema describes files as strings (their content); their bytes are checked later.
        checked[name] = field.multiple ? sent.map((file) => file.originalFilename) : sent[0]!.originalFilename;
      }
      // A file under a name the form does not have is an extra field like any other.
      for (const name of files.keys()) if (!operation.fileFields.has(name)) checked[name] = files.get(name)!.map((file) => file.originalFilename);
      if (!operation.validateBody(checked)) {
        throw validationError(operation, operation.validateBody.errors ?? [], checked, multiple);
      }
    }
    ctx.state.input = { params, body, files };
    await next();
  };
}
