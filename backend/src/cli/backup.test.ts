// The backup CLI against a real database: everything the site stores, GridFS images included,
// comes back identical in another database, and a restore replaces what was there. It runs the
// built JavaScript, as `npm run backup -w backend` and the Docker image do.
import { execFileSync, spawnSync } from 'node:child_process';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { makeImage } from '../../test/images.js';

const require = createRequire(import.meta.url);
const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const builtCli = 'dist/cli/backup.js';
const cli = (command: 'dump' | 'restore', url: string, input?: Buffer) =>
  execFileSync(process.execPath, [builtCli, command], {
    cwd: backendDir,
    env: { ...process.env, MONGO_URL: url },
    input,
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['pipe', 'pipe', 'pipe'],
  });

/** A run that may fail: its exit status and what it said. */
const run = (command: 'dump' | 'restore', url: string, input?: Buffer) => {
  const result = spawnSync(process.execPath, [builtCli, command], {
    cwd: backendDir,
    env: { ...process.env, MONGO_URL: url },
    input,
    maxBuffer: 256 * 1024 * 1024,
  });
  return { status: result.status, stderr: String(result.stderr), stdout: result.stdout };
};

let t: TestApp;
beforeAll(async () => {
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: backendDir, stdio: 'pipe' });
  t = await startTestApp();
});
afterAll(() => t?.stop());

async function everything(url: string) {
  const { MongoClient } = (await import('mongoose')).default.mongo;
  const client = await MongoClient.connect(url);
  try {
    const db = client.db();
    const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((entry) => entry.name).sort();
    const state: Record<string, unknown[]> = {};
    for (const name of names) state[name] = await db.collection(name).find({}).sort({ _id: 1 }).toArray();
    return state;
  } finally {
    await client.close();
  }
}

/** Each collection's indexes, by name: what makes the unique rules hold. */
async function indexesOf(url: string) {
  const { MongoClient } = (await import('mongoose')).default.mongo;
  const client = await MongoClient.connect(url);
  try {
    const db = client.db();
    const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((entry) => entry.name).sort();
    const state: Record<string, unknown[]> = {};
    for (const name of names) {
      const indexes = await db.collection(name).listIndexes().toArray();
      state[name] = indexes
        .map(({ name: index, key, unique }) => ({ index, key, unique: unique ?? false }))
        .sort((a, b) => String(a.index).localeCompare(String(b.index)));
    }
    return state;
  } finally {
    await client.close();
  }
}

/** The backup's lines, changed by `change`, gzipped again: a file gzip finds whole. */
const rewritten = (archive: Buffer, change: (lines: string[]) => string[]) =>
  gzipSync(`${change(gunzipSync(archive).toString('utf8').trimEnd().split('\n')).join('\n')}\n`);

describe('backup and restore', () => {
  it('restores every document and image byte into another database, replacing what was there', async () => {
    const token = `Bearer ${t.adminToken()}`;
    const added = await t.request
      .post('/api/add_blog.php')
      .set('Authorization', token)
      .field('title', 'Before the backup')
      .attach('image', await makeImage({ width: 300, height: 200 }), 'photo.jpg');
    expect(added.status).toBe(201);
    const imagePath = new URL(added.body.data.image_url, 'http://x').search;
    expect((await t.request.get(`/api/image.php${imagePath}&w=320`)).status).toBe(200); // a variant exists too
    await t.request.post('/api/volunteer_save.php').send({ name: 'Asha', email: 'asha@example.org', mobile: '9876543210', address: 'Ranchi' });

    const archive = cli('dump', t.db.url);
    expect(archive.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // gzip

    const target = new URL(t.db.url);
    target.pathname = `${target.pathname}_restored`;
    // Something already there is replaced, not merged.
    const { MongoClient } = (await import('mongoose')).default.mongo;
    const client = await MongoClient.connect(target.toString());
    await client.db().collection('blogs').insertOne({ title: 'Not in the backup' });
    await client.close();

    cli('restore', target.toString(), archive);
    const original = await everything(t.db.url);
    const restored = await everything(target.toString());
    // The unique indexes came with it (they decide receipt numbers, versions, claims), and none of the restore's own collections is left.
    const [originalIndexes, restoredIndexes] = [await indexesOf(t.db.url), await indexesOf(target.toString())];
    for (const name of Object.keys(originalIndexes)) expect(restoredIndexes[name], name).toEqual(originalIndexes[name]);
    expect(Object.keys(restored).filter((name) => name.startsWith('__'))).toEqual([]);
    expect(Object.keys(original)).toEqual(expect.arrayContaining(['blogs', 'volunteers', 'images.files', 'images.chunks', 'admin_users']));
    // Besides, the restore tells backends running on that database (see the next test): the
    // content version is raised past the backup's, and the lists' log has a change of every list.
    const { claims, admin_list_changes: changes, ...kept } = restored;
    for (const name of Object.keys(kept)) expect(restored[name], name).toEqual(original[name]);
    const versionOf = (rows: unknown[]) =>
      Math.max(...(rows as { item?: string; step: number }[]).filter((row) => row.item === 'content-version').map((row) => row.step));
    expect(versionOf(claims!)).toBeGreaterThan(versionOf(original.claims!));
    expect((changes as { list: string }[]).filter((change) => change.list !== '*')).toEqual(original.admin_list_changes);
  });

  it('restored under running backends, is what their admin lists and public answers show at once', async () => {
    const token = `Bearer ${t.adminToken()}`;
    const emails = async () =>
      ((await t.request.get('/api/get_volunteers.php').set('Authorization', token)).body.data as { email: string }[]).map((row) => row.email).sort();
    const titles = async () => ((await t.request.get('/api/get_blogs.php')).body as { title: string }[]).map((post) => post.title);
    await t.request.post('/api/volunteer_save.php').send({ name: 'Kept', email: 'kept@example.org', mobile: '9876543210', address: 'Ranchi' });
    const archive = cli('dump', t.db.url);
    const keptEmails = await emails();
    const keptTitles = await titles();
    // Written after the backup: held by the instance's lists and its public cache.
    await t.request.post('/api/volunteer_save.php').send({ name: 'Later', email: 'later@example.org', mobile: '9876543210', address: 'Ranchi' });
    expect((await t.request.post('/api/add_blog.php').set('Authorization', token).field('title', 'After the backup')).status).toBe(201);
    expect(await emails()).toContain('later@example.org');
    expect(await titles()).toContain('After the backup');

    cli('restore', t.db.url, archive);
    expect(await emails()).toEqual(keptEmails);
    await expect.poll(titles, { timeout: 2000 }).toEqual(keptTitles);
  });

  it('refuses a file cut short or altered, before it changes anything, with a non-zero exit', async () => {
    const token = `Bearer ${t.adminToken()}`;
    await t.request.post('/api/add_blog.php').set('Authorization', token).field('title', 'In the backup').expect(201);
    const archive = cli('dump', t.db.url);
    await t.request.post('/api/add_blog.php').set('Authorization', token).field('title', 'After the backup').expect(201);
    const before = await everything(t.db.url);
    const lines = gunzipSync(archive).toString('utf8').trimEnd().split('\n');
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ end: true, documents: lines.length - 2, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const bad: [string, Buffer, RegExp][] = [
      ['cut short in the gzip stream', archive.subarray(0, Math.floor(archive.length * 0.6)), /cut short or damaged/],
      ['cut short at a line, its checksum line gone', rewritten(archive, (all) => all.slice(0, -5)), /cut short: its last line/],
      ['a document altered', rewritten(archive, (all) => all.map((line) => line.replace('In the backup', 'Not the backup'))), /checksum does not match/],
      ['a document dropped', rewritten(archive, (all) => [...all.slice(0, 3), ...all.slice(4)]), /cut short: it holds/],
      ['not a backup at all', Buffer.from('not gzip'), /cut short or damaged/],
    ];
    for (const [what, file, said] of bad) {
      const { status, stderr } = run('restore', t.db.url, file);
      expect(status, what).toBe(1);
      expect(stderr, what).toMatch(said);
      expect(stderr, what).toMatch(/nothing was changed/);
      expect(await everything(t.db.url), what).toEqual(before);
    }
  });

  it('says how consistent a dump is: on FerretDB, each collection as it was when its read began', () => {
    const { status, stderr, stdout } = run('dump', t.db.url);
    expect(status).toBe(0);
    expect(stderr).toMatch(/each collection as it was when its read began/);
    expect(JSON.parse(gunzipSync(stdout).toString('utf8').split('\n')[0]!)).toMatchObject({ version: 2, consistency: 'per-collection' });
  });

  it('refuses a file that is not a backup, and says how to call it', () => {
    expect(() => cli('restore', t.db.url, Buffer.from('not gzip'))).toThrow();
    expect(() => execFileSync(process.execPath, [builtCli], { cwd: backendDir, env: { ...process.env, MONGO_URL: '' }, stdio: 'pipe' })).toThrow(/Usage/);
  });
});
