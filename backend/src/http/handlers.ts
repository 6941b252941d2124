// The typed contract of a handler: what it may read once its request passed openapi.yaml, and
// `reply()`, which accepts only a status and body the contract documents for the operation.
import type { DefaultState, Middleware, ParameterizedContext } from 'koa';
import type { OperationId, ReplyBody, ReplyStatus, RequestBody, RequestParams } from '../contract.js';

export type Context = ParameterizedContext;

/** A file of a multipart request, as the body parser saved it. */
export interface UploadedFile {
  filepath: string;
  originalFilename: string;
  size: number;
}

/** What a handler may read once the request has passed its operation's part of openapi.yaml. */
export interface RequestInput<K extends OperationId> {
  /** Query (and declared header, by lower-case name) parameters, coerced to their schema types. */
  params: RequestParams<K>;
  /** The body with strings trimmed; files are not in it (see `files`). */
  body: RequestBody<K>;
  /** Uploaded files by field name (`image`, `images[]`), empty ones left out. */
  files: Map<string, UploadedFile[]>;
}

type OperationState<K extends OperationId> = DefaultState & { input?: RequestInput<K> };
/** The context of one operation: what it reads and what it answers are typed by the contract. */
export type OperationContext<K extends OperationId> = ParameterizedContext<OperationState<K>>;
export type Handler<K extends OperationId> = (ctx: OperationContext<K>) => Promise<void>;
/** Handlers by operationId of openapi.yaml; each runs after the request passed the contract. */
export type Handlers = { [K in OperationId]?: Handler<K> };

export function requestInput<K extends OperationId>(ctx: OperationContext<K>): RequestInput<K> {
  if (!ctx.state.input) throw new Error('handler ran before request validation');
  return ctx.state.input;
}

/** A JSON answer with a status openapi.yaml documents for the operation, in the shape it documents. */
export function reply<K extends OperationId, S extends ReplyStatus<K>>(ctx: OperationContext<K>, status: S, body: ReplyBody<K, S>) {
  ctx.status = status;
  ctx.body = body;
}

/**
 * The handler as its route's last middleware. This is the one place where a request meets its
 * static type: validateRequest has just checked ctx.state.input against this very operation's
 * parameters and body in openapi.yaml, which RequestInput<K> is generated from.
 */
export function operationMiddleware(handlers: Handlers, operationId: string): Middleware | undefined {
  const handler = handlers[operationId as OperationId] as Handler<OperationId> | undefined;
  return handler && ((ctx) => handler(ctx as OperationContext<OperationId>));
}
