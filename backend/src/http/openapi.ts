import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
// ajv-formats is CommonJS whose module.exports is the plugin itself (with a .default pointing to
// itself), so the default import is the plugin under Node, tsx and vitest alike.
import addFormats from 'ajv-formats';
import YAML from 'yaml';
import { repoRoot } from '../config.js';
import type { FieldError } from './errors.js';
import { schemaFieldErrors } from './schema-errors.js';

export const openApiPath = path.join(repoRoot, 'openapi.yaml');

/**
 * A contract file's text and data, parsed once per version of the file (its modification time):
 * parsing the 400 KB of YAML costs about half a second.
 */
const readContract = memoizedByFile((file) => {
  const text = readFileSync(file, 'utf8');
  return { text, document: YAML.parse(text) as Record<string, unknown> };
});

/** openapi.yaml as data, read once: for facts the code takes from the contract at run time. */
export function contractDocument(): Record<string, unknown> {
  return readContract(openApiPath).document;
}

/** `build(file)`, kept until the file changes; what it builds is shared, so it is never changed. */
function memoizedByFile<T>(build: (file: string) => T): (file: string) => T {
  const built = new Map<string, { mtimeMs: number; value: T }>();
  return (file) => {
    const { mtimeMs } = statSync(file);
    const found = built.get(file);
    if (found?.mtimeMs === mtimeMs) return found.value;
    const value = build(file);
    built.set(file, { mtimeMs, value });
    return value;
  };
}

type Json = Record<string, unknown>;
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
const httpMethods: HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];

export interface Parameter {
  name: string;
  in: 'query' | 'header' | 'path' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: Json;
}

export interface Operation {
  operationId: string;
  method: HttpMethod;
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  /** Whether the operation needs a token (bearerAuth). */
  adminOnly: boolean;
  /** The roles that may call a secured operation (`x-roles`; without it, admin only). Empty when public. */
  roles: string[];
  /** Whether the operation needs a session of one's own page (mySession, `X-My-Session`): never an admin's token. */
  supporterSession: boolean;
  parameters: Parameter[];
  /** The media type the body must have (one per operation here), or undefined without a body. */
  bodyMediaType?: 'application/json' | 'multipart/form-data' | 'application/x-www-form-urlencoded';
  bodySchema?: Json;
  requiredMessage?: string;
  requiredMessageMultiple?: string;
  /**
   * `x-anonymous-form`: a form anyone may send (a registration, a message), protected by a
   * honeypot (`website`), a minimum time on the page (`elapsed_ms`) and a limit per address;
   * `pages` are the site's pages that also take it as a plain form post (docs/forms.md).
   */
  anonymousForm?: { minimumMs: number; pages: string[] };
  /**
   * `x-page-form`: the pages that take this public operation as a plain form post (docs/forms.md)
   * without being an anonymous form (a mailed link's page, whose token is the credential).
   */
  pageForm?: { pages: string[] };
  /** Body properties that are files (schema contentMediaType), whether they take several, and whether they are images. */
  fileFields: Map<string, { multiple: boolean; image: boolean }>;
  /** The body's properties in the contract's order, with their JSON type ('string' when it names none). */
  bodyFields: Map<string, string>;
  /** Body properties that are never trimmed (format: password). */
  untrimmedFields: Set<string>;
  /** Optional body properties with a format, enum or pattern: sent blank, they count as not sent. */
  blankMeansAbsent: Set<string>;
  validateParameters?: ValidateFunction;
  validateBody?: ValidateFunction;
  responses: Map<string, { description: string; mediaTypes: Map<string, ValidateFunction | undefined> }>;
  raw: Json;
}

const documentId = 'openapi.yaml';
const pointer = (...parts: (string | number)[]) => `${documentId}#/` + parts.map((part) => String(part).replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export interface OpenApi {
  document: Json;
  text: string;
  operations: Operation[];
  byId: Map<string, Operation>;
  /** Checks an answer against the operation's documented responses; returns the problems found. */
  checkResponse(operationId: string, status: number, contentType: string | undefined, body: unknown): string[];
  /**
   * The refusals of a value against a schema of components/schemas, worded like a request's:
   * for a value a body carries as JSON text, `within` naming that field.
   */
  checkComponent(name: string, value: unknown, within: string): FieldError[];
}

function createAjv(coerceTypes: boolean) {
  // verbose: errors carry their schema, whose description words the message for a pattern.
  // discriminator: a union of node kinds is checked against the one branch its `type` names.
  const ajv = new Ajv2020({ allErrors: true, strict: false, coerceTypes, verbose: true, discriminator: true });
  addFormats(ajv);
  return ajv;
}

/**
 * The document as Ajv reads it: a discriminator's mapping names the schema of each `type` for
 * readers and generators; Ajv finds the branch by each branch's own `type` const and refuses a mapping.
 */
function withoutDiscriminatorMappings(node: unknown): Json {
  if (Array.isArray(node)) node.forEach(withoutDiscriminatorMappings);
  else if (node && typeof node === 'object') {
    const discriminator = (node as Json).discriminator as Json | undefined;
    if (discriminator && typeof discriminator === 'object') delete discriminator.mapping;
    Object.values(node).forEach(withoutDiscriminatorMappings);
  }
  return node as Json;
}

function pagesOf(operationId: string, extension: string, declared: unknown): string[] {
  const pages = (declared as Json | null)?.pages ?? [];
  // A page path, where one segment may be `{id}` (any one segment: /events/{id}).
  if (!Array.isArray(pages) || !pages.every((page) => typeof page === 'string' && /^(\/([a-z0-9-]+|\{[a-z_]+\}))*\/?$/.test(page))) {
    throw new Error(`openapi.yaml: pages of ${extension} of ${operationId} must be a list of page paths`);
  }
  return pages as string[];
}

function anonymousFormOf(operationId: string, declared: unknown): Operation['anonymousForm'] {
  if (declared === undefined) return undefined;
  const minimumMs = (declared as Json | null)?.['minimum-ms'];
  if (typeof minimumMs !== 'number') throw new Error(`openapi.yaml: x-anonymous-form of ${operationId} needs minimum-ms`);
  return { minimumMs, pages: pagesOf(operationId, 'x-anonymous-form', declared) };
}

function pageFormOf(operationId: string, declared: unknown): Operation['pageForm'] {
  return declared === undefined ? undefined : { pages: pagesOf(operationId, 'x-page-form', declared) };
}

/** A body property that is a file: an image or a PDF (a JSON text field says application/json). */
const isFileProperty = (property: Json) => typeof property.contentMediaType === 'string' && /^(image\/|application\/pdf$)/.test(property.contentMediaType);

/**
 * The contract with its validators compiled (about a second): built once per process and file,
 * and shared by every app built in it (tests and a second instance build many).
 */
export function loadOpenApi(file = openApiPath): OpenApi {
  return loadedContract(file);
}

const loadedContract = memoizedByFile((file): OpenApi => {
  const { text, document } = readContract(file) as { text: string; document: Json };
  const bodyAjv = createAjv(false);
  const parameterAjv = createAjv(true);
  const forAjv = withoutDiscriminatorMappings(structuredClone(document));
  bodyAjv.addSchema(forAjv, documentId);
  parameterAjv.addSchema(forAjv, documentId);

  // The object a local $ref points at, with its pointer.
  const refTarget = (ref: string) => {
    const parts = ref
      .replace(/^#\//, '')
      .split('/')
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    let target: unknown = document;
    for (const part of parts) target = (target as Json)[part];
    return { value: target as Json, at: parts };
  };
  // Follows a local $ref of a non-schema object (response, parameter), keeping its pointer.
  const deref = (value: Json, at: (string | number)[]): { value: Json; at: (string | number)[] } => {
    if (typeof value.$ref !== 'string') return { value, at };
    const target = refTarget(value.$ref);
    return deref(target.value, target.at);
  };
  const schemaAt = (ajv: typeof bodyAjv, at: (string | number)[]) => {
    const validate = ajv.getSchema(pointer(...at));
    if (!validate) throw new Error(`openapi.yaml: no schema at ${at.join('/')}`);
    return validate;
  };
  // A $ref with keywords beside it (3.1: both apply) reads as the target with those keywords.
  const resolveSchema = (schema: Json | undefined): Json | undefined => {
    if (!schema) return undefined;
    if (typeof schema.$ref !== 'string') return schema;
    const { $ref: _ref, ...beside } = schema;
    return { ...resolveSchema(refTarget(schema.$ref).value), ...beside };
  };
  // A value the schema refuses when blank (a format, an enum, a pattern '' does not match) is
  // taken as not sent when it is optional and sent blank; plain text may be blank, and text with
  // a minLength (a title may change, not vanish) is refused when blank.
  const refusesBlank = (property: Json) =>
    !property.minLength && Boolean(property.format || property.enum || (typeof property.pattern === 'string' && !new RegExp(property.pattern, 'u').test('')));
  const requiredOf = (schema: Json | undefined): string[] => {
    const resolved = resolveSchema(schema);
    if (!resolved) return [];
    return [...((resolved.required ?? []) as string[]), ...((resolved.allOf ?? []) as Json[]).flatMap(requiredOf)];
  };
  // Properties of an object schema, following $ref and allOf (enough for the body schemas here).
  const propertiesOf = (schema: Json | undefined): Record<string, Json> => {
    const resolved = resolveSchema(schema);
    if (!resolved) return {};
    const own = (resolved.properties ?? {}) as Record<string, Json>;
    const inherited = ((resolved.allOf ?? []) as Json[]).map(propertiesOf);
    return Object.assign({}, ...inherited, own);
  };

  const operations: Operation[] = [];
  const paths = document.paths as Record<string, Json>;
  for (const [route, pathItem] of Object.entries(paths)) {
    for (const method of httpMethods) {
      const raw = pathItem[method] as Json | undefined;
      if (!raw) continue;
      const operationId = raw.operationId as string;
      const security = (raw.security ?? document.security ?? []) as Json[];
      const parameters: Parameter[] = [];
      const parameterSchema: Json = { type: 'object', properties: {}, required: [] };
      ((raw.parameters ?? []) as Json[]).forEach((entry, index) => {
        const { value, at } = deref(entry, ['paths', route, method, 'parameters', index]);
        const parameter = value as Json & Parameter;
        parameters.push(parameter);
        if (parameter.in !== 'query' && parameter.in !== 'header') return;
        const key = parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name;
        (parameterSchema.properties as Json)[key] = { $ref: pointer(...at, 'schema') };
        if (parameter.required) (parameterSchema.required as string[]).push(key);
      });

      const operation: Operation = {
        operationId,
        method,
        path: route,
        summary: (raw.summary as string) ?? '',
        description: raw.description as string | undefined,
        tags: (raw.tags as string[]) ?? [],
        adminOnly: security.some((requirement) => 'bearerAuth' in requirement),
        roles: security.some((requirement) => 'bearerAuth' in requirement) ? ((raw['x-roles'] as string[] | undefined) ?? ['admin']) : [],
        supporterSession: security.some((requirement) => 'mySession' in requirement),
        parameters,
        requiredMessage: raw['x-required-message'] as string | undefined,
        requiredMessageMultiple: raw['x-required-message-multiple'] as string | undefined,
        anonymousForm: anonymousFormOf(operationId, raw['x-anonymous-form']),
        pageForm: pageFormOf(operationId, raw['x-page-form']),
        fileFields: new Map(),
        bodyFields: new Map(),
        untrimmedFields: new Set(),
        blankMeansAbsent: new Set(),
        responses: new Map(),
        raw,
      };
      if (parameters.length) operation.validateParameters = parameterAjv.compile(parameterSchema);

      const requestBody = raw.requestBody as Json | undefined;
      if (requestBody) {
        const { value: body, at } = deref(requestBody, ['paths', route, method, 'requestBody']);
        const [mediaType, media] = Object.entries(body.content as Record<string, Json>)[0]!;
        operation.bodyMediaType = mediaType as Operation['bodyMediaType'];
        operation.bodySchema = media.schema as Json;
        operation.validateBody = schemaAt(bodyAjv, [...at, 'content', mediaType, 'schema']);
        const required = new Set(requiredOf(media.schema as Json));
        const properties = propertiesOf(media.schema as Json);
        if (operation.anonymousForm && !('website' in properties && 'elapsed_ms' in properties)) {
          throw new Error(`openapi.yaml: ${operationId} is an x-anonymous-form, so its body must declare website and elapsed_ms`);
        }
        for (const [name, declared] of Object.entries(properties)) {
          const property = resolveSchema(declared) ?? {};
          operation.bodyFields.set(name, typeof property.type === 'string' ? property.type : 'string');
          if (!required.has(name) && refusesBlank(property)) operation.blankMeansAbsent.add(name);
          const items = resolveSchema(property.items as Json | undefined);
          const isImage = (file: Json) => String(file.contentMediaType).startsWith('image/');
          if (isFileProperty(property)) operation.fileFields.set(name, { multiple: false, image: isImage(property) });
          else if (property.type === 'array' && items && isFileProperty(items)) operation.fileFields.set(name, { multiple: true, image: isImage(items) });
          if (property.format === 'password') operation.untrimmedFields.add(name);
        }
      }

      for (const [status, entry] of Object.entries((raw.responses ?? {}) as Record<string, Json>)) {
        const { value: response, at } = deref(entry, ['paths', route, method, 'responses', status]);
        const mediaTypes = new Map<string, ValidateFunction | undefined>();
        for (const [mediaType, media] of Object.entries((response.content ?? {}) as Record<string, Json>)) {
          const validate = mediaType === 'application/json' && media.schema ? schemaAt(bodyAjv, [...at, 'content', mediaType, 'schema']) : undefined;
          mediaTypes.set(mediaType, validate);
        }
        operation.responses.set(status, { description: response.description as string, mediaTypes });
      }
      operations.push(operation);
    }
  }

  const byId = new Map(operations.map((operation) => [operation.operationId, operation]));

  function checkResponse(operationId: string, status: number, contentType: string | undefined, body: unknown) {
    const operation = byId.get(operationId);
    if (!operation) return [`no operation ${operationId} in openapi.yaml`];
    const response = operation.responses.get(String(status));
    if (!response) return [`${operationId} does not document status ${status}`];
    if (response.mediaTypes.size === 0) return [];
    const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
    const match = [...response.mediaTypes.entries()].find(([declared]) =>
      declared.endsWith('/*') ? type.startsWith(declared.slice(0, -1)) : declared === type,
    );
    if (!match) {
      return [`${operationId} ${status}: content type "${type}" is not one of ${[...response.mediaTypes.keys()].join(', ')}`];
    }
    const validate = match[1];
    if (!validate || validate(body)) return [];
    return (validate.errors ?? []).map((error) => `${operationId} ${status}: ${error.instancePath || '(body)'} ${error.message}`);
  }

  function checkComponent(name: string, value: unknown, within: string) {
    const validate = schemaAt(bodyAjv, ['components', 'schemas', name]);
    return validate(value) ? [] : schemaFieldErrors(validate.errors ?? [], value, within).fieldErrors;
  }

  return { document, text, operations, byId, checkResponse, checkComponent };
});

export type { ErrorObject };
