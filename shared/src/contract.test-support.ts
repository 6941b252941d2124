// For the shared package's tests: files of the repository and openapi.yaml's schemas, compiled
// with Ajv as the backend checks requests and answers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { parse as parseYaml } from 'yaml';
import type { PageSlug } from './index.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const repoFile = (name: string) => readFileSync(path.join(repoRoot, name), 'utf8');

const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema(parseYaml(repoFile('openapi.yaml')) as object, 'openapi.yaml');

/** The validator of one of the contract's schemas (components/schemas/<name>). */
export function contractSchema(name: string): ValidateFunction {
  const validate = ajv.getSchema(`openapi.yaml#/components/schemas/${name}`);
  if (!validate) throw new Error(`openapi.yaml has no schema ${name}`);
  return validate;
}

export const pageSlugs: PageSlug[] = ['home', 'about', 'programs', 'donate', 'volunteer', 'contact'];
/** Each page's schemas: its stored content (both languages) and its view (one language). */
const schemaStem = (slug: PageSlug) => slug[0]!.toUpperCase() + slug.slice(1);
export const contentSchema = (slug: PageSlug) => contractSchema(`${schemaStem(slug)}Content`);
export const viewSchema = (slug: PageSlug) => contractSchema(`${schemaStem(slug)}View`);
