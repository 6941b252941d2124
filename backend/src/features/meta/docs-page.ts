import type { OpenApi, Operation } from '../../http/openapi.js';

type Json = Record<string, unknown>;

const escapeHtml = (text: unknown) =>
  String(text ?? '').replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** Escapes, then shows `backticked` words of the descriptions as code. */
const prose = (text: unknown) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

/** A short type description of a schema: `string (email)`, `one of a, b`, `Blog[]`. */
function typeOf(document: Json, schema: Json | undefined): string {
  if (!schema) return '';
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop()!;
  if (schema.enum) return `one of ${(schema.enum as unknown[]).join(', ')}`;
  if ('const' in schema) return JSON.stringify(schema.const);
  if (schema.allOf) return (schema.allOf as Json[]).map((part) => typeOf(document, part)).join(' + ');
  if (schema.type === 'array') return `${typeOf(document, schema.items as Json)}[]`;
  if (schema.properties && !schema.type) schema = { ...schema, type: 'object' };
  if (schema.type === 'object' && schema.properties) {
    const fields = Object.entries(schema.properties as Record<string, Json>).map(([name, property]) => `${name}: ${typeOf(document, property)}`);
    return `{ ${fields.join(', ')} }`;
  }
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : String(schema.type ?? 'object');
  const details = [schema.format, schema.contentMediaType && 'file', schema.maxLength && `max ${schema.maxLength}`].filter(Boolean);
  return details.length ? `${type} (${details.join(', ')})` : type;
}

function resolve(document: Json, value: Json): Json {
  if (typeof value.$ref !== 'string') return value;
  let target: unknown = document;
  for (const part of value.$ref.replace(/^#\//, '').split('/')) target = (target as Json)[part];
  return resolve(document, target as Json);
}

function fieldRows(document: Json, schema: Json): string {
  const resolved = resolve(document, schema);
  const parts = [resolved, ...((resolved.allOf ?? []) as Json[]).map((part) => resolve(document, part))];
  const required = new Set(parts.flatMap((part) => (part.required ?? []) as string[]));
  const properties = Object.assign({}, ...parts.reverse().map((part) => part.properties ?? {})) as Record<string, Json>;
  return Object.entries(properties)
    .map(
      ([name, property]) =>
        `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? ' <em>required</em>' : ''}</td><td>${escapeHtml(typeOf(document, property))}</td><td>${prose(resolve(document, property).description ?? '')}</td></tr>`,
    )
    .join('');
}

function operationSection(document: Json, operation: Operation): string {
  const raw = operation.raw;
  const parameters = operation.parameters
    .map(
      (parameter) =>
        `<tr><td><code>${escapeHtml(parameter.name)}</code> (${parameter.in})${parameter.required ? ' <em>required</em>' : ''}</td><td>${escapeHtml(typeOf(document, parameter.schema))}</td><td>${prose(parameter.description ?? '')}</td></tr>`,
    )
    .join('');
  const body = raw.requestBody ? resolve(document, raw.requestBody as Json) : undefined;
  const bodyContent = body ? Object.entries(body.content as Record<string, Json>)[0] : undefined;
  const responses = Object.entries(raw.responses as Record<string, Json>)
    .map(([status, value]) => {
      const response = resolve(document, value);
      const content = Object.entries((response.content ?? {}) as Record<string, Json>)
        .map(([type, media]) => `${escapeHtml(type)}: ${escapeHtml(typeOf(document, media.schema as Json))}`)
        .join('; ');
      return `<tr><td>${status}</td><td>${prose(response.description)}</td><td>${content}</td></tr>`;
    })
    .join('');
  return `<section id="${escapeHtml(operation.operationId)}">
<h3><span class="method ${operation.method}">${operation.method.toUpperCase()}</span> <code>${escapeHtml(operation.path)}</code></h3>
<p>${prose(operation.summary)}${operation.adminOnly ? ' <strong>Admin token required.</strong>' : ''}</p>
${operation.description ? `<p class="description">${prose(operation.description)}</p>` : ''}
<p class="id">operationId <code>${escapeHtml(operation.operationId)}</code></p>
${parameters ? `<h4>Parameters</h4><table><tr><th>Name</th><th>Type</th><th>Notes</th></tr>${parameters}</table>` : ''}
${bodyContent ? `<h4>Request body (${escapeHtml(bodyContent[0])})</h4><table><tr><th>Field</th><th>Type</th><th>Notes</th></tr>${fieldRows(document, bodyContent[1].schema as Json)}</table>` : ''}
${operation.requiredMessage ? `<p>When a required field is missing or blank: <q>${escapeHtml(operation.requiredMessage)}</q>${operation.requiredMessageMultiple ? `; with <code>images[]</code>: <q>${escapeHtml(operation.requiredMessageMultiple)}</q>` : ''}</p>` : ''}
<h4>Responses</h4><table><tr><th>Status</th><th>Meaning</th><th>Body</th></tr>${responses}</table>
</section>`;
}

/** The readable page at /api/docs.php, made from openapi.yaml (no scripts, no outside fonts). */
export function renderDocsPage({ document, operations }: OpenApi): string {
  const info = document.info as Json;
  const tags = (document.tags ?? []) as { name: string; description?: string }[];
  const schemas = (document.components as Json).schemas as Record<string, Json>;
  const groups = tags
    .map((tag) => {
      const members = operations.filter((operation) => operation.tags[0] === tag.name);
      if (!members.length) return '';
      return `<h2 id="tag-${escapeHtml(tag.name)}">${escapeHtml(tag.name)}</h2><p>${prose(tag.description ?? '')}</p>${members.map((operation) => operationSection(document, operation)).join('\n')}`;
    })
    .join('\n');
  const models = Object.entries(schemas)
    .map(
      ([name, schema]) =>
        `<section id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3><p>${prose(schema.description ?? typeOf(document, schema))}</p>${schema.properties || schema.allOf ? `<table><tr><th>Field</th><th>Type</th><th>Notes</th></tr>${fieldRows(document, schema)}</table>` : ''}</section>`,
    )
    .join('\n');
  const toc = operations
    .map((operation) => `<li><a href="#${escapeHtml(operation.operationId)}">${operation.method.toUpperCase()} ${escapeHtml(operation.path)}</a></li>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)} ${escapeHtml(info.version)}</title>
<style>
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;max-width:60rem;margin:0 auto;padding:1rem 1.5rem;color:#1f2933}
h1{margin-bottom:0}h2{border-bottom:2px solid #2f855a;padding-bottom:.25rem;margin-top:2.5rem;text-transform:capitalize}
section{border:1px solid #d9e2ec;border-radius:6px;padding:.5rem 1rem;margin:1rem 0}
table{border-collapse:collapse;width:100%;margin:.5rem 0;font-size:.9rem}th,td{border:1px solid #d9e2ec;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f0f4f8}code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9em}
.method{display:inline-block;min-width:3.5rem;padding:0 .4rem;border-radius:4px;color:#fff;font-size:.85rem;text-align:center}
.get{background:#2b6cb0}.post{background:#2f855a}.put,.patch{background:#b7791f}.delete{background:#c53030}
.id{color:#52606d;font-size:.85rem}.description{white-space:pre-line}
</style>
</head>
<body>
<h1>${escapeHtml(info.title)}</h1>
<p>Version ${escapeHtml(info.version)}. ${escapeHtml(info.summary ?? '')}</p>
<p class="description">${prose(info.description ?? '')}</p>
<p>The machine-readable contract: <a href="/api/openapi.yaml">/api/openapi.yaml</a> (OpenAPI 3.1).</p>
<nav><h2>Operations</h2><ul>${toc}</ul></nav>
${groups}
<h2 id="schemas">Schemas</h2>
${models}
</body>
</html>
`;
}
