// The database ladder against real servers: each FerretDB storage that can run here (SQLite
// always; PostgreSQL when its server is installed) does what the backend does with it, and
// leaves no process behind, whether stopped, or its parent exits, is terminated or is killed.
// Run: node --test tools/
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { GridFSBucket, MongoClient } from 'mongodb';
import { chooseStorage, startDatabase, startFerretDB } from './database.mjs';
import { clusterUser, findPostgres } from './postgres.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const postgresAvailable = Boolean(findPostgres() && clusterUser());
const storages = postgresAvailable ? ['sqlite', 'postgresql'] : ['sqlite'];
const scratch = mkdtempSync(path.join(tmpdir(), 'ladder-test-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

function isRunning(pid) {
  if (!existsSync(`/proc/${pid}/stat`)) return false;
  // A killed child whose parent is gone may linger as a zombie until init reaps it: it is dead.
  const state = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '')[0];
  return state !== 'Z' && state !== 'X';
}

/** Processes whose command line mentions `text` (a data folder unique to one test). */
function processesMentioning(text) {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text) && isRunning(pid);
      } catch {
        return false;
      }
    });
}

async function waitUntil(check, what, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function withClient(url, use) {
  const client = await MongoClient.connect(url, { serverSelectionTimeoutMS: 5000 });
  try {
    return await use(client.db('ladder'));
  } finally {
    await client.close();
  }
}

async function gridfsRoundTrip(db) {
  const bucket = new GridFSBucket(db, { bucketName: 'images' });
  // Three chunks of the default 255 KiB, so the ranged read crosses a chunk boundary.
  const content = randomBytes(600 * 1024);
  const id = await new Promise((resolve, reject) => {
    const upload = bucket.openUploadStream('photo.jpg', { metadata: { contentType: 'image/jpeg' } });
    upload
      .once('finish', () => resolve(upload.id))
      .once('error', reject)
      .end(content);
  });
  const [file] = await bucket.find({ _id: id }).toArray();
  assert.equal(file.length, content.length);
  assert.equal(file.metadata.contentType, 'image/jpeg');

  const start = 255 * 1024 - 100;
  const end = 255 * 1024 + 4000;
  const parts = [];
  for await (const part of bucket.openDownloadStream(id, { start, end })) parts.push(part);
  assert.deepEqual(Buffer.concat(parts), content.subarray(start, end));

  await bucket.delete(id);
  assert.equal(await db.collection('images.files').countDocuments({ _id: id }), 0);
  assert.equal(await db.collection('images.chunks').countDocuments({ files_id: id }), 0);
}

async function upsertCounter(db) {
  const counters = db.collection('counters');
  const first = await counters.findOneAndUpdate(
    { _id: 'visits' },
    { $inc: { value: 1 }, $setOnInsert: { since: 'today' } },
    { upsert: true, returnDocument: 'after' },
  );
  assert.deepEqual(first, { _id: 'visits', value: 1, since: 'today' });
  const second = await counters.findOneAndUpdate({ _id: 'visits' }, { $inc: { value: 1 } }, { returnDocument: 'after' });
  assert.equal(second.value, 2);
}

for (const storage of storages) {
  describe(`FerretDB on ${storage}`, () => {
    test('GridFS round trip and an upserting findOneAndUpdate, then a clean stop', async () => {
      const server = await startFerretDB({ storage });
      assert.equal(server.storage, storage);
      await withClient(server.url, async (db) => {
        await gridfsRoundTrip(db);
        await upsertCounter(db);
      });
      await server.stop();
      assert.ok(!isRunning(server.pid), 'FerretDB still running');
      if (server.postgresPid) assert.ok(!isRunning(server.postgresPid), 'PostgreSQL still running');
      assert.deepEqual(processesMentioning(server.dataDir), []);
      assert.ok(!existsSync(server.dataDir), 'temporary folder left behind');
    });

    test('data in a given folder survives a restart on the same port', async () => {
      const dir = path.join(scratch, `restart-${storage}`);
      const first = await startFerretDB({ dir, storage });
      const port = new URL(first.url).port;
      await withClient(first.url, (db) => db.collection('posts').insertOne({ _id: 'kept', title: 'Tree drive' }));
      await first.stop();
      const second = await startFerretDB({ dir, storage, port: Number(port) });
      try {
        assert.equal(new URL(second.url).port, port);
        const kept = await withClient(second.url, (db) => db.collection('posts').findOne({ _id: 'kept' }));
        assert.equal(kept?.title, 'Tree drive');
      } finally {
        await second.stop();
      }
      assert.deepEqual(processesMentioning(dir), []);
    });
  });
}

describe('no server outlives its parent process', { skip: !postgresAvailable && 'no PostgreSQL server installed' }, () => {
  // The child starts FerretDB on PostgreSQL, prints the pids, then ends the way each test says.
  const childScript = path.join(scratch, 'parent.mjs');
  writeFileSync(
    childScript,
    `import { startFerretDB } from ${JSON.stringify(path.join(here, 'database.mjs'))};
const server = await startFerretDB({ dir: process.argv[2], storage: 'postgresql' });
console.log(JSON.stringify({ launcher: server.pid, postgres: server.postgresPid }));
if (process.argv[3] === 'exit') process.exit(0);
setInterval(() => {}, 1000);
`,
  );

  for (const ending of ['SIGKILL', 'SIGTERM', 'exit']) {
    test(`parent ended by ${ending}`, async () => {
      const dir = path.join(scratch, `parent-${ending}`);
      const parent = spawn(process.execPath, [childScript, dir, ending === 'exit' ? 'exit' : 'wait'], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const pids = await new Promise((resolve, reject) => {
        parent.stdout.once('data', (line) => resolve(JSON.parse(String(line))));
        parent.once('exit', (code) => reject(new Error(`parent exited with ${code} before starting`)));
      });
      try {
        assert.ok(isRunning(pids.postgres) || ending === 'exit');
        if (ending !== 'exit') parent.kill(ending);
        await waitUntil(() => !isRunning(pids.launcher) && !isRunning(pids.postgres), 'both servers are gone');
        await waitUntil(() => processesMentioning(dir).length === 0, `no process uses ${dir}`);
      } finally {
        // A failed run must not leave its servers to the next one.
        for (const pid of [pids.launcher, pids.postgres]) if (isRunning(pid)) process.kill(pid, 'SIGINT');
      }
    });
  }
});

describe('storage choice', () => {
  const withStorageEnv = async (value, run) => {
    const before = process.env.FERRETDB_STORAGE;
    if (value === undefined) delete process.env.FERRETDB_STORAGE;
    else process.env.FERRETDB_STORAGE = value;
    try {
      return await run();
    } finally {
      if (before === undefined) delete process.env.FERRETDB_STORAGE;
      else process.env.FERRETDB_STORAGE = before;
    }
  };

  test('auto takes PostgreSQL exactly when its server is installed', async () => {
    const dir = path.join(scratch, 'fresh');
    const { storage } = await withStorageEnv(undefined, () => chooseStorage({ dir }));
    assert.equal(storage, postgresAvailable ? 'postgresql' : 'sqlite');
  });

  test('auto keeps a folder that already holds SQLite data on SQLite', async () => {
    const dir = path.join(scratch, 'sqlite-site');
    const server = await startFerretDB({ dir, storage: 'sqlite' });
    await withClient(server.url, (db) => db.collection('posts').insertOne({ title: 'old' }));
    await server.stop();
    const choice = await withStorageEnv('auto', () => chooseStorage({ dir }));
    assert.deepEqual(choice, { storage: 'sqlite', reason: `${dir} already holds SQLite data` });
  });

  test('FERRETDB_STORAGE names the storage, and a wrong value is refused', async () => {
    assert.equal((await withStorageEnv('sqlite', () => chooseStorage({}))).storage, 'sqlite');
    assert.equal((await withStorageEnv('postgresql', () => chooseStorage({}))).storage, 'postgresql');
    await assert.rejects(() => withStorageEnv('mysql', () => chooseStorage({})), /FERRETDB_STORAGE must be sqlite, postgresql or auto/);
  });

  test('startDatabase reports kind and storage', { skip: Boolean(process.env.MONGO_URL) && 'MONGO_URL set' }, async () => {
    const server = await withStorageEnv('sqlite', () => startDatabase({ dir: path.join(scratch, 'ladder') }));
    try {
      assert.equal(server.kind, 'ferretdb');
      assert.equal(server.storage, 'sqlite');
      assert.equal(server.reason, 'FERRETDB_STORAGE');
      await withClient(server.url, (db) => db.command({ ping: 1 }));
    } finally {
      await server.stop();
    }
  });
});
