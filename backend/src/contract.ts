/**
 * The backend's view of openapi.yaml, derived from @ngo-site/shared/contract (`npm run gen:api`), the
 * types the frontend's client uses too: change a field in the YAML, regenerate, and every handler
 * that reads or answers it stops compiling where the new shape does not fit.
 */
import type { components, operations } from '@ngo-site/shared/contract';

export type Schemas = components['schemas'];
export type OperationId = keyof operations;

type Content<T> = T extends { content: infer C } ? C[keyof C] : never;
/** The multipart fields that carry files: they arrive in `files`, never in the body. */
type FileField = 'image' | 'images[]';
type Parameters<K extends OperationId> = operations[K]['parameters'];
/** A parameter group the operation may not have (`query?: never`): then it adds nothing. */
type Present<T> = [NonNullable<T>] extends [never] ? object : NonNullable<T>;
/** Header names as validateRequest keeps them (lower case, as Node gives them). */
type LowerCaseKeys<T> = { [H in keyof T as Lowercase<H & string>]: T[H] };

/** Query and declared header parameters of an operation, coerced to their schema types. */
export type RequestParams<K extends OperationId> = Present<Parameters<K>['query']> & LowerCaseKeys<Present<Parameters<K>['header']>>;
/** The request body of an operation (JSON, or a form's text fields), files left out. */
export type RequestBody<K extends OperationId> = Omit<Content<NonNullable<operations[K]['requestBody']>>, FileField>;

type Responses<K extends OperationId> = operations[K]['responses'];
/** The statuses openapi.yaml documents for an operation. */
export type ReplyStatus<K extends OperationId> = keyof Responses<K> & number;
/** The JSON body openapi.yaml documents for one status of an operation. */
export type ReplyBody<K extends OperationId, S extends ReplyStatus<K>> = Content<Responses<K>[S]>;
