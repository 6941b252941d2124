// Topology rules for the compose file that its schema cannot express. Reads the resolved model
// (`docker compose config --format json`) on stdin.
import { readFileSync } from 'node:fs';

const model = JSON.parse(readFileSync(0, 'utf8'));
const dockerfile = readFileSync(new URL('../Dockerfile', import.meta.url), 'utf8');
const problems = [];
const expect = (ok, message) => ok || problems.push(message);

const { mongo, backend, nginx } = model.services ?? {};
expect(mongo && backend && nginx, 'services mongo, backend and nginx must exist');
if (mongo && backend && nginx) {
  expect(/^mongo:\d/.test(mongo.image ?? ''), 'mongo runs a pinned major of the mongo image');
  expect(mongo.healthcheck?.test, 'mongo has a healthcheck');
  expect(
    (mongo.volumes ?? []).some((v) => v.type === 'volume' && v.target === '/data/db' && model.volumes?.[v.source]),
    'mongo keeps /data/db in a named volume',
  );

  // `docker compose up --scale backend=N` fails with a fixed name or a published host port.
  expect(!backend.container_name, 'backend has no container_name (it is scaled)');
  expect(!backend.ports?.length, 'backend publishes no host port (it is scaled; nginx reaches it)');
  expect(backend.depends_on?.mongo?.condition === 'service_healthy', 'backend waits for a healthy mongo');
  for (const name of ['MONGO_URL', 'JWT_SECRET', 'ADMIN_EMAIL', 'ADMIN_PASSWORD']) {
    expect(backend.environment?.[name], `backend receives ${name}`);
  }
  expect(backend.environment?.STATIC_DIR === '', 'backend leaves static files to nginx (STATIC_DIR empty)');
  expect(backend.environment?.TRUST_PROXY === '1', 'backend trusts nginx for client addresses (TRUST_PROXY=1)');
  expect(backend.environment?.REQUEST_MAX_BYTES === nginx.build?.args?.REQUEST_MAX_BYTES, "nginx's body limit is built from the backend's REQUEST_MAX_BYTES");
  expect(backend.environment?.JSON_MAX_BYTES === nginx.build?.args?.JSON_MAX_BYTES, "nginx's body limit is built from the backend's JSON_MAX_BYTES");
  expect(nginx.environment && 'TRUSTED_PROXIES' in nginx.environment, 'nginx receives TRUSTED_PROXIES');

  expect(
    (nginx.ports ?? []).some((p) => p.target === 80),
    'nginx publishes port 80',
  );
  expect(nginx.depends_on?.backend?.condition === 'service_healthy', 'nginx waits for healthy backends');
  // HTTPS (DOMAIN): lego's account and certificates outlive the container; the backend reads
  // only the certificate's status, never the folder with the private key.
  expect(
    (nginx.volumes ?? []).some((v) => v.type === 'volume' && v.target === '/var/lib/acme' && model.volumes?.[v.source]),
    'nginx keeps its ACME account and certificates (/var/lib/acme) in a named volume',
  );
  const statusDir = backend.environment?.TLS_STATUS_DIR;
  expect(
    (backend.volumes ?? []).some((v) => v.target === statusDir && v.read_only) && !(backend.volumes ?? []).some((v) => v.target === '/var/lib/acme'),
    'backend reads the certificate status read-only and never sees the ACME folder',
  );

  for (const service of [backend, nginx]) {
    const target = service.build?.target;
    expect(target && new RegExp(`^FROM\\s+\\S+\\s+AS\\s+${target}\\s*$`, 'mi').test(dockerfile), `Dockerfile has the stage ${target}`);
  }
}

// Every variable the compose file requires (${NAME:?...}) is named in .env.example.
const composeText = readFileSync(new URL('../docker-compose.yml', import.meta.url), 'utf8');
const envExample = readFileSync(new URL('../.env.example', import.meta.url), 'utf8');
for (const [, name] of composeText.matchAll(/\$\{(\w+):\?/g)) {
  expect(new RegExp(`^${name}=`, 'm').test(envExample), `.env.example names ${name}`);
}

if (problems.length > 0) {
  console.error(problems.map((p) => `compose: ${p}`).join('\n'));
  process.exit(1);
}
console.log('ok');
