import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { fieldsWithControlCharacters } from './validate-request.js';
import { loadOpenApi } from './openapi.js';

type Json = { [key: string]: unknown };
const openApi = loadOpenApi();
const ajv = new Ajv2020({ strict: false });
addFormats(ajv);
ajv.addSchema(openApi.document, 'openapi.yaml');

/** Follows $ref and allOf to an object's properties, each with its pointer into the document. */
function properties(schema: Json, at: string[]): [string, string[]][] {
  if (typeof schema.$ref === 'string') {
    const parts = schema.$ref.replace(/^#\//, '').split('/');
    return properties(
      parts.reduce((node: Json, part) => node[part] as Json, openApi.document),
      parts,
    );
  }
  const own = Object.keys((schema.properties ?? {}) as Json).map((name): [string, string[]] => [name, [...at, 'properties', name]]);
  const inherited = ((schema.allOf ?? []) as Json[]).flatMap((part, index) => properties(part, [...at, 'allOf', String(index)]));
  return [...inherited, ...own];
}

/** Every text field a client can send in a body, as [operationId, field, schema pointer]. */
const textFields = openApi.operations.flatMap((operation) => {
  if (!operation.bodySchema || !operation.bodyMediaType) return [];
  const at = ['paths', operation.path, operation.method, 'requestBody', 'content', operation.bodyMediaType, 'schema'];
  return properties(operation.bodySchema, at)
    .filter(([name]) => !operation.fileFields.has(name))
    .map(([name, pointer]) => [operation.operationId, name, pointer] as const);
});

// One of these is valid for every text field of the contract (the test says when none is).
const samples = [
  'Asha Devi',
  'asha@example.org',
  '2025-01-31',
  '65f1c0ffee0000000000abcd',
  '/blog',
  'https://example.org/x',
  'asha@upi',
  '+91 98765 43210',
  'health',
  'admin',
  'draft',
  'summary',
  'teaching',
  'Female',
  'a long new password',
];

describe('openapi.yaml says what the server enforces', () => {
  it('finds the text fields of the bodies', () => {
    expect(textFields.length).toBeGreaterThan(40);
  });

  // The server refuses control characters in any text (validate-request.ts); the contract says
  // so (components/schemas/Text and the fields' own patterns and formats), so a client that
  // follows it is never surprised by that 400.
  it.each(textFields)('%s: %s, valid text with a control character in it, is refused by the schema as by the server', (_operationId, name, pointer) => {
    const validate = ajv.getSchema(`openapi.yaml#/${pointer.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`)!;
    const scalar = samples.find((value) => validate(value));
    const listed = samples.find((value) => validate([value]));
    if (scalar === undefined && listed === undefined) {
      // Not text: a number or a boolean (elapsed_ms, read).
      expect(['a', 'a\u0001b'].some((value) => validate(value) || validate([value]))).toBe(false);
      return;
    }
    const sample = (scalar ?? listed)!;
    const tainted = `${sample.slice(0, 3)}\u0001${sample.slice(3)}`;
    expect(fieldsWithControlCharacters({ [name]: tainted })).not.toEqual([]);
    expect(validate(scalar !== undefined ? tainted : [tainted])).toBe(false);
  });

  // The server trims text, and a field left blank counts as missing: the schema says so too.
  it.each(textFields)('%s: %s, when it may not be empty, may not be only spaces either', (operationId, name, pointer) => {
    const validate = ajv.getSchema(`openapi.yaml#/${pointer.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`)!;
    if (validate('') || openApi.byId.get(operationId)!.untrimmedFields.has(name)) return;
    expect(validate('   ')).toBe(false);
  });

  it('refuses, in every body, the fields the server refuses: any it does not declare', () => {
    const resolve = (schema: Json): Json =>
      typeof schema.$ref === 'string'
        ? resolve(
            schema.$ref
              .replace(/^#\//, '')
              .split('/')
              .reduce((node: Json, part) => node[part] as Json, openApi.document),
          )
        : schema;
    // A body of several shapes (update_page.php: one per page) refuses extra fields when each shape does.
    const refusesExtra = (schema: Json): boolean => {
      const { additionalProperties, allOf = [], anyOf = [] } = resolve(schema) as { additionalProperties?: unknown; allOf?: Json[]; anyOf?: Json[] };
      return additionalProperties === false || allOf.some(refusesExtra) || (anyOf.length > 0 && anyOf.every(refusesExtra));
    };
    const open = openApi.operations.filter((operation) => operation.bodySchema && !refusesExtra(operation.bodySchema));
    expect(open.map((operation) => operation.operationId)).toEqual([]);
  });

  it('speaks of the API only, not of the issues it came from', () => {
    expect(openApi.text).not.toMatch(/\bissue\s*#?\d+/i);
  });
});
