// Ajv's findings in words a person filling a form understands: one sentence per refused field,
// for a request's parameters and body and for a value a body carries as JSON text.
import type { ErrorObject } from 'ajv/dist/2020.js';
import type { FieldError } from './errors.js';

export const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The field an error is about: its path, and for a property that is missing, unknown or the type tag, that name. */
const fieldName = (error: ErrorObject) => {
  const params = error.params as { missingProperty?: string; additionalProperty?: string; tag?: string };
  const named =
    error.keyword === 'required' || error.keyword === 'dependentRequired'
      ? params.missingProperty
      : error.keyword === 'additionalProperties'
        ? params.additionalProperty
        : error.keyword === 'discriminator'
          ? params.tag
          : undefined;
  if (named !== undefined) {
    const base = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
    return base ? `${base}.${named}` : named;
  }
  return error.instancePath.replace(/^\//, '').replace(/~1/g, '/').replace(/~0/g, '~').replace(/\//g, '.') || 'body';
};

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

const formatNames: Record<string, string> = {
  email: 'a valid e-mail address',
  date: 'a date written as YYYY-MM-DD',
  'date-time': 'a date and time (ISO 8601)',
  uri: 'a web address',
};

/** One sentence per refused field, in words a person filling a form understands. */
function describe(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const schema = error.parentSchema as { description?: string } | undefined;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'dependentRequired':
      return `is required with ${params.property as string}`;
    case 'type': {
      const type = params.type as string;
      return `must be ${type === 'string' ? 'text' : type === 'integer' ? 'a whole number' : `a${/^[aeiou]/.test(type) ? 'n' : ''} ${type}`}`;
    }
    case 'minLength':
      return params.limit === 1 ? 'must not be empty' : `must be at least ${params.limit} characters long`;
    case 'maxLength':
      return `must be at most ${params.limit} characters long`;
    case 'enum':
      return `must be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'format':
      return `must be ${formatNames[params.format as string] ?? `in ${params.format} format`}`;
    case 'pattern':
      return schema?.description ? `must be ${lowerFirst(schema.description)}` : 'is not in the expected form';
    case 'additionalProperties':
      return `is not an accepted field (${params.additionalProperty as string})`;
    case 'minimum':
    case 'maximum':
      return `must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${params.limit}`;
    case 'minItems':
    case 'maxItems':
      return `must hold ${error.keyword === 'minItems' ? 'at least' : 'at most'} ${params.limit} ${params.limit === 1 ? 'item' : 'items'}`;
    case 'discriminator':
      return typeof params.tagValue === 'string' ? `"${params.tagValue}" is not allowed here` : 'must be text';
    default:
      return error.message ?? 'is not valid';
  }
}

const isMissing = (error: ErrorObject, data: unknown) => {
  if (error.keyword === 'required' || error.keyword === 'dependentRequired') return true;
  // A blank value (after trimming) counts as a field left empty.
  let value: unknown = data;
  for (const part of error.instancePath.split('/').slice(1)) {
    value = (value as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return value === '';
};

/**
 * One error per refused field, in words; `within` names the field a nested value came in (a
 * document sent as JSON text), so its paths read `body.content.0.type`.
 */
export function schemaFieldErrors(errors: ErrorObject[], data: unknown, within = ''): { fieldErrors: FieldError[]; missing: boolean } {
  const seen = new Set<string>();
  const fieldErrors: FieldError[] = [];
  let missing = false;
  for (const error of errors) {
    // One of several fields sent more than once (both an id and an e-mail): named as a whole.
    if (error.keyword === 'oneOf' && (error.params as { passingSchemas?: unknown }).passingSchemas) {
      missing = true;
      const names = ((error.schema as { required?: string[] }[] | undefined) ?? []).flatMap((branch) => branch.required ?? []);
      fieldErrors.push({ field: error.instancePath.replace(/^\//, '') || 'body', message: `send only one of: ${names.join(', ')}` });
      continue;
    }
    // anyOf/oneOf otherwise only summarise the branches, which are reported themselves.
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if') continue;
    if (isMissing(error, data)) missing = true;
    const local = fieldName(error);
    const field = within && local !== 'body' ? `${within}.${local}` : within || local;
    const message = isMissing(error, data) && error.keyword !== 'dependentRequired' ? 'is required' : describe(error);
    const key = `${field} ${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    fieldErrors.push({ field, message: error.keyword === 'additionalProperties' ? `${field} is not an accepted field` : `${field} ${message}` });
  }
  return { fieldErrors, missing };
}
