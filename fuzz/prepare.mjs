// Before schemathesis runs: logs in as the run's admin, makes a few blog posts and gallery items
// through the API, and writes a schemathesis config whose `id` fields (query and body) take those
// ids most of the time. Without them nearly every read, update and delete of one item would stop
// at 404 and never reach the code behind it.
//
//   node fuzz/prepare.mjs <output folder>   writes <folder>/schemathesis.toml, token and kept-ids.json
//                                           (the last for fuzz/hooks.py)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const [outDir] = process.argv.slice(2);
const base = process.env.E2E_BASE_URL;
const sample = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'images', 'sample.jpg'));

async function call(pathname, init) {
  const res = await fetch(new URL(pathname, base), init);
  const body = await res.json();
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${body.message}`);
  return body;
}

const { token } = await call('/api/login.php', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD }),
});

function upload(pathname, fields) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('image', new Blob([sample], { type: 'image/jpeg' }), 'sample.jpg');
  return call(pathname, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
}

// Reads and updates get their own items; deletes get others, so that reads do not run out.
const categories = ['health', 'education', 'reforestation', 'sustainable-farming'];
const seeded = { keptBlogs: [], doomedBlogs: [], keptGallery: [], doomedGallery: [], images: [] };
const imageId = (url) => url && new URL(url, base).searchParams.get('id');
for (const group of ['kept', 'doomed']) {
  for (const [i, category] of categories.entries()) {
    const blog = (await upload('/api/add_blog.php', { title: `Fuzz ${group} post ${i + 1}`, category, excerpt: 'Seed', content: 'Seed' })).data;
    const [item] = (await upload('/api/add_gallery_image.php', { title: `Fuzz ${group} image ${i + 1}`, category, caption: 'Seed' })).data;
    seeded[`${group}Blogs`].push(blog.id);
    seeded[`${group}Gallery`].push(item.id);
    if (group === 'kept') seeded.images.push(...[imageId(blog.image_url), imageId(item.image_url)].filter(Boolean));
  }
}

// schemathesis's own default for positive_data_acceptance.
const acceptedStatuses = ['2xx', '3xx', '401', '403', '404', '409', '429', '5xx'];
const spec = parse(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'openapi.yaml'), 'utf8'));
const operations = Object.values(spec.paths).flatMap((item) => Object.values(item));
const refusedBeyondSchema = [
  ['changePassword', "the current password must be the account's"],
  ['updatePage', "pictures and photos must be images in the site's store, program ids distinct (its description)"],
  ['addEvent', "the picture must be an image in the site's store, the end after the start"],
  ['updateEvent', "the picture must be an image in the site's store, the end after the start"],
  ['addCampaign', "the picture must be an image in the site's store, the program one of the programs"],
  ['updateCampaign', "the picture must be an image in the site's store, the program one of the programs"],
  ['addDocument', "the file's bytes must be a PDF"],
  ['importForm10be', "each file's bytes must be a PDF or a ZIP of them"],
  ['unsubscribe', "the mailed link's token is needed (RFC 8058 posts to the link as it is)"],
  // The spam checks (honeypot, time taken) are deliberately not in the schema: they would teach a script.
  ...operations
    .filter((operation) => operation['x-anonymous-form'])
    .map((operation) => [operation.operationId, 'the spam checks of an anonymous form (x-anonymous-form)']),
];
// schemathesis's own default for negative_data_rejection, and 413: a body over the limit refused as too large.
const refusedStatuses = ['400', '401', '403', '404', '405', '406', '409', '413', '415', '422', '428', '429', '5xx'];
// Operations whose JSON body holds a rich document (up to 5000 blocks) skip the coverage phase:
// its boundary cases there are bodies of 100 MB and more, thousands of them, which alone outlast
// the run's budget. The examples and fuzzing phases still reach them; the contract suite's
// bad-input cases cover their limits.
function holdsRichDocument(schema, seen = new Set()) {
  if (!schema || typeof schema !== 'object') return false;
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop();
    if (name === 'BlogDocument') return true;
    if (seen.has(name)) return false;
    seen.add(name);
    return holdsRichDocument(spec.components.schemas[name], seen);
  }
  const parts = [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...Object.values(schema.properties ?? {})];
  return parts.some((part) => holdsRichDocument(part, seen));
}
const noCoverage = 'phases.coverage.enabled = false';
const richBodies = operations
  .filter((operation) => holdsRichDocument(operation?.requestBody?.content?.['application/json']?.schema))
  .map((operation) => operation.operationId);
const quoted = (values) => `[${values.map((v) => JSON.stringify(v)).join(', ')}]`;
const uses = [
  ['getBlog', 'query.id', 'kept-blogs'],
  ['deleteBlog', 'body.id', 'doomed-blogs'],
  ['deleteGalleryImage', 'body.id', 'doomed-gallery'],
  ['getImage', 'query.id', 'images'],
];
writeFileSync(
  path.join(outDir, 'schemathesis.toml'),
  [
    '# Written by fuzz/prepare.mjs for one run.',
    `[dictionaries.kept-blogs]\nvalues = ${quoted(seeded.keptBlogs)}`,
    `[dictionaries.doomed-blogs]\nvalues = ${quoted(seeded.doomedBlogs)}`,
    `[dictionaries.kept-gallery]\nvalues = ${quoted(seeded.keptGallery)}`,
    `[dictionaries.doomed-gallery]\nvalues = ${quoted(seeded.doomedGallery)}`,
    `[dictionaries.images]\nvalues = ${quoted(seeded.images)}`,
    ...uses.map(
      ([operationId, field, dictionary]) =>
        `[[operations]]\ninclude-operation-id = "${operationId}"\nparameters = { "${field}" = { dictionary = "${dictionary}", probability = 0.7 } }`,
    ),
    // positive_data_acceptance: a schema-valid request may still be refused for what openapi.yaml
    // documents beside the schema: a file whose bytes are not an accepted image (415), an
    // Idempotency-Key used before for another body (422; generated keys repeat).
    `[checks.positive_data_acceptance]\nexpected-statuses = ${quoted([...acceptedStatuses, '415', '422'])}`,
    `[checks.negative_data_rejection]\nexpected-statuses = ${quoted(refusedStatuses)}`,
    ...richBodies
      .filter((operationId) => !refusedBeyondSchema.some(([refusing]) => refusing === operationId))
      .map((operationId) => `[[operations]]\ninclude-operation-id = "${operationId}"\n${noCoverage}`),
    // ...and, for these operations, a 400 for a rule about the data itself, as their descriptions say.
    ...refusedBeyondSchema.map(
      ([operationId, why]) =>
        `# ${why}\n[[operations]]\ninclude-operation-id = "${operationId}"\nchecks.positive_data_acceptance.expected-statuses = ${quoted([...acceptedStatuses, '400', '415', '422'])}${richBodies.includes(operationId) ? `\n${noCoverage}` : ''}`,
    ),
  ].join('\n\n') + '\n',
);
writeFileSync(path.join(outDir, 'token'), token, { mode: 0o600 });
writeFileSync(path.join(outDir, 'kept-ids.json'), JSON.stringify({ blogs: seeded.keptBlogs, gallery: seeded.keptGallery }));
console.error(`[fuzz] seeded ${2 * categories.length} posts and ${2 * categories.length} gallery items`);
