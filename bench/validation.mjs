// A validated request, timed: the backend's validateRequest middleware (openapi.yaml compiled
// by Ajv 2020-12) on the volunteer form's JSON body, in-process, no HTTP. Prints µs per request.
//   node --import tsx bench/validation.mjs [backend/src folder] [openapi.yaml]
// Run it on two trees (e.g. a `git archive` of main in /tmp) to compare before and after.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const src = path.resolve(process.argv[2] ?? 'backend/src');
const yaml = path.resolve(process.argv[3] ?? 'openapi.yaml');
const { loadOpenApi } = await import(pathToFileURL(path.join(src, 'http/openapi.ts')).href);
const { validateRequest } = await import(pathToFileURL(path.join(src, 'http/validate-request.ts')).href);

const operation = loadOpenApi(yaml).byId.get('saveVolunteer');
const middleware = validateRequest(operation);
const body = {
  name: 'Asha Kumari',
  email: 'asha@example.org',
  mobile: '+91 98765 43210',
  gender: 'Female',
  interest: 'teaching',
  start_date: '2025-04-01',
  address: 'Harmu Housing Colony\nRanchi',
  about: 'Weekends',
};
const context = () => ({
  query: {},
  headers: { 'content-type': 'application/json' },
  get: () => '',
  request: { body: structuredClone(body) },
  state: {},
});
const next = async () => {};

const rounds = 5;
const perRound = 20_000;
const results = [];
for (let round = 0; round < rounds; round++) {
  const started = performance.now();
  for (let i = 0; i < perRound; i++) await middleware(context(), next);
  results.push(((performance.now() - started) * 1000) / perRound);
}
results.sort((a, b) => a - b);
console.log(
  `${src}: validateRequest(saveVolunteer) median ${results[Math.floor(rounds / 2)].toFixed(2)} µs per request (${rounds} × ${perRound}; best ${results[0].toFixed(2)})`,
);
