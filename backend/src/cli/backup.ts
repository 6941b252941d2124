// Backup and restore of everything the site stores: every collection of its database, GridFS
// images (images.files, images.chunks) included, as one gzipped file of Extended JSON lines.
//   node backend/dist/cli/backup.js dump > site.backup       (npm run -s backup -w backend builds, then runs this)
//   node backend/dist/cli/backup.js restore < site.backup    (npm run -s restore -w backend)
// In Docker: docker compose exec -T backend node backend/dist/cli/backup.js dump > site.backup
// Reads MONGO_URL. A restore replaces each collection the backup holds by the backup's documents.
// Works the same on MongoDB and on FerretDB (mongodump's archive format is not read by FerretDB's
// tools, and the stand-in images have none).
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import mongoose from 'mongoose';
import { everyList } from '../features/admin-lists/change-log.js';
import { contentVersionId, contentVersionItem } from '../published/model.js';

// The driver mongoose carries: the backend image has no other.
const { BSON, MongoClient } = mongoose.mongo;
type Document = mongoose.mongo.Document;
type MongoClient = mongoose.mongo.MongoClient;

const format = 'ngo-site-backup';
/** Where the published-content version is kept: its steps among the claims, and before them one document. */
const contentVersion = { collection: 'content_version', id: contentVersionId, claims: 'claims', item: contentVersionItem };

/** The published-content version as the backends read it (published/cache.ts). */
async function readContentVersion(db: mongoose.mongo.Db): Promise<number> {
  const step = await db
    .collection<{ _id: string; step?: number }>(contentVersion.claims)
    .find({ item: contentVersion.item })
    .sort({ step: -1 })
    .limit(1)
    .next();
  if (step?.step !== undefined) return step.step;
  return (await db.collection<{ _id: string; version: number }>(contentVersion.collection).findOne({ _id: contentVersion.id }))?.version ?? 0;
}
const batchSize = 200;

async function dump(client: MongoClient) {
  const db = client.db();
  const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((entry) => entry.name).sort();
  async function* lines() {
    yield `${JSON.stringify({ format, version: 1, created: new Date().toISOString(), collections: names })}\n`;
    for (const name of names) {
      for await (const document of db.collection(name).find({}).sort({ _id: 1 })) {
        yield `${BSON.EJSON.stringify({ c: name, d: document }, { relaxed: false })}\n`;
      }
    }
  }
  await pipeline(Readable.from(lines()), createGzip(), process.stdout);
  console.error(`backed up ${names.length} collections`);
}

/**
 * Backends may be running on the database restored into: their public answers are kept per content
 * version and their admin lists are held in memory. The version is raised past both the one they
 * knew and the backup's, and the admin lists' change log gets a change of every list, so each
 * instance reads its lists afresh.
 */
async function tellRunningBackends(db: mongoose.mongo.Db, versionBefore: number) {
  const step = Math.max(versionBefore, await readContentVersion(db)) + 1;
  await db
    .collection<{ _id: string; item: string; step: number; until: Date; expiresAt: null }>(contentVersion.claims)
    .insertOne({ _id: `${contentVersion.item}@${step}`, item: contentVersion.item, step, until: new Date(), expiresAt: null });
  await db.collection('admin_list_changes').insertOne({ list: everyList, row_id: '', at: new Date() });
}

async function restore(client: MongoClient) {
  const db = client.db();
  const versionBefore = await readContentVersion(db);
  const lines = createInterface({ input: process.stdin.pipe(createGunzip()), crlfDelay: Infinity });
  interface Header {
    format?: string;
    collections?: string[];
  }
  let header: Header | undefined;
  const pending = new Map<string, Document[]>();
  const counts = new Map<string, number>();
  const flush = async (name: string) => {
    const batch = pending.get(name);
    if (!batch?.length) return;
    await db.collection(name).insertMany(batch, { ordered: true });
    counts.set(name, (counts.get(name) ?? 0) + batch.length);
    pending.set(name, []);
  };
  for await (const line of lines) {
    if (!line) continue;
    if (!header) {
      const parsed = JSON.parse(line) as Header;
      header = parsed;
      if (parsed.format !== format) throw new Error('this is not a backup of this site (no ngo-site-backup header)');
      // The backup's collections replace what is there now, all of them before any is filled.
      // Indexes are not in the backup: the backend makes its own when it starts.
      const existing = new Set((await db.listCollections({}, { nameOnly: true }).toArray()).map((entry) => entry.name));
      for (const name of parsed.collections ?? []) {
        if (existing.has(name)) await db.collection(name).deleteMany({});
        else await db.createCollection(name);
      }
      continue;
    }
    const { c: name, d: document } = BSON.EJSON.parse(line, { relaxed: false }) as { c: string; d: Document };
    const batch = pending.get(name) ?? [];
    batch.push(document);
    pending.set(name, batch);
    if (batch.length >= batchSize) await flush(name);
  }
  if (!header) throw new Error('the backup is empty');
  for (const name of pending.keys()) await flush(name);
  await tellRunningBackends(db, versionBefore);
  const summary = [...counts].map(([name, count]) => `${name} ${count}`).join(', ');
  console.error(`restored ${summary || 'nothing'}`);
}

const command = process.argv[2];
const url = process.env.MONGO_URL;
if ((command !== 'dump' && command !== 'restore') || !url) {
  console.error('Usage: MONGO_URL=mongodb://... node backend/dist/cli/backup.js dump|restore  (dump writes to stdout, restore reads stdin)');
  process.exit(2);
}
const client = await MongoClient.connect(url, { serverSelectionTimeoutMS: 10_000 });
try {
  await (command === 'dump' ? dump(client) : restore(client));
} catch (error) {
  console.error(`${command} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await client.close();
}
