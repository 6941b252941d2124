// Backup and restore of everything the site stores: every collection of its database, GridFS
// images (images.files, images.chunks) included, as one gzipped file of Extended JSON lines.
//   node backend/dist/cli/backup.js dump > site.backup       (npm run -s backup -w backend builds, then runs this)
//   node backend/dist/cli/backup.js restore < site.backup    (npm run -s restore -w backend)
// In Docker: docker compose exec -T backend node backend/dist/cli/backup.js dump > site.backup
// Reads MONGO_URL. Works the same on MongoDB and on FerretDB (mongodump's archive format is not
// read by FerretDB's tools, and the stand-in images have none).
//
// The file: a header line (the collections, their indexes, how consistent the copy is), one line
// per document, and a last line with the number of documents and the SHA-256 of every line
// before it. A restore reads and checks the whole file before it writes anything, fills fresh
// collections, and swaps them in only once every one is complete: a truncated or altered file
// exits non-zero and changes nothing.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import mongoose from 'mongoose';
import { everyList } from '../features/admin-lists/change-log.js';
import { contentVersionId, contentVersionItem } from '../published/model.js';

// The driver mongoose carries: the backend image has no other.
const { BSON, MongoClient } = mongoose.mongo;
type Document = mongoose.mongo.Document;
type Db = mongoose.mongo.Db;
type ClientSession = mongoose.mongo.ClientSession;

const format = 'ngo-site-backup';
const version = 2;
const batchSize = 200;
/** Where a restore fills its fresh collections, and where it puts the ones they replace until the swap is done. */
const staging = '__restoring__';
const replaced = '__replaced__';
const isOwnScratch = (name: string) => name.startsWith(staging) || name.startsWith(replaced);

/** Where the published-content version is kept: its steps among the claims, and before them one document. */
const contentVersion = { collection: 'content_version', id: contentVersionId, claims: 'claims', item: contentVersionItem };
/**
 * The claims decide between writers at the moment they write (invariants/claims.ts); a copy of
 * them next to older documents would refuse saves the restored documents need (a claimed version
 * 7 of a post restored at 6). Only the published-content version's steps are kept.
 */
const keptClaims = (name: string) => (name === contentVersion.claims ? { item: contentVersion.item } : {});

type Consistency = 'snapshot' | 'per-collection';

interface Header {
  format: string;
  version: number;
  created: string;
  consistency?: Consistency;
  collections: string[];
  indexes?: Record<string, Document[]>;
}

interface Trailer {
  end: true;
  documents: number;
  sha256: string;
}

/** The published-content version as the backends read it (published/cache.ts). */
async function readContentVersion(db: Db): Promise<number> {
  const step = await db
    .collection<{ _id: string; step?: number }>(contentVersion.claims)
    .find({ item: contentVersion.item })
    .sort({ step: -1 })
    .limit(1)
    .next();
  if (step?.step !== undefined) return step.step;
  return (await db.collection<{ _id: string; version: number }>(contentVersion.collection).findOne({ _id: contentVersion.id }))?.version ?? 0;
}

const indexSpecs = async (db: Db, name: string) =>
  (await db.collection(name).listIndexes().toArray()).filter((index) => index.name !== '_id_').map(({ v: _v, ns: _ns, ...spec }) => spec);

/**
 * A snapshot where the database offers one (a MongoDB replica set: every collection as at one
 * moment); else each collection as it is when its read begins (a standalone MongoDB, FerretDB):
 * a write made while the dump runs may be in one collection and not in another.
 */
async function openRead(client: InstanceType<typeof MongoClient>): Promise<{ consistency: Consistency; session?: ClientSession }> {
  const hello = await client.db().admin().command({ hello: 1 });
  if (!hello.setName) return { consistency: 'per-collection' };
  return { consistency: 'snapshot', session: client.startSession({ snapshot: true }) };
}

async function dump(client: InstanceType<typeof MongoClient>) {
  const db = client.db();
  const names = (await db.listCollections({}, { nameOnly: true }).toArray())
    .map((entry) => entry.name)
    .filter((name) => !isOwnScratch(name))
    .sort();
  const { consistency, session } = await openRead(client);
  const indexes = Object.fromEntries(await Promise.all(names.map(async (name) => [name, await indexSpecs(db, name)] as const)));
  const hash = createHash('sha256');
  let documents = 0;
  async function* lines() {
    const header: Header = { format, version, created: new Date().toISOString(), consistency, collections: names, indexes };
    const first = `${JSON.stringify(header)}\n`;
    hash.update(first);
    yield first;
    for (const name of names) {
      for await (const document of db.collection(name).find(keptClaims(name), { session }).sort({ _id: 1 })) {
        const line = `${BSON.EJSON.stringify({ c: name, d: document }, { relaxed: false })}\n`;
        hash.update(line);
        documents += 1;
        yield line;
      }
    }
    const trailer: Trailer = { end: true, documents, sha256: hash.digest('hex') };
    yield `${JSON.stringify(trailer)}\n`;
  }
  try {
    await pipeline(Readable.from(lines()), createGzip(), process.stdout);
  } finally {
    await session?.endSession();
  }
  const how =
    consistency === 'snapshot'
      ? 'as one snapshot'
      : 'each collection as it was when its read began (a write made meanwhile may be in one and not another: take a backup when the site is quiet)';
  console.error(`backed up ${names.length} collections, ${documents} documents, ${how}`);
}

/** The lines of a gzipped backup file, as text; gzip's errors (a file cut short, bytes altered) end the loop with them. */
async function* linesOf(file: string): AsyncGenerator<string> {
  const gunzip = createGunzip();
  createReadStream(file)
    .on('error', (error) => gunzip.destroy(error))
    .pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of gunzip) {
    const lines = (rest + decoder.write(chunk as Buffer)).split('\n');
    rest = lines.pop()!;
    yield* lines;
  }
  rest += decoder.end();
  if (rest) yield rest;
}

/**
 * Keeps stdin in a scratch file while it reads it whole: gzip's own check, the header, every
 * line's JSON, and the last line's count and SHA-256. Throws, before anything is written to the
 * database, for a file that is cut short, altered or not a backup.
 */
async function readWhole(file: string): Promise<Header> {
  await pipeline(process.stdin, createWriteStream(file));
  const hash = createHash('sha256');
  let header: Header | undefined;
  let trailer: Trailer | undefined;
  let documents = 0;
  try {
    for await (const line of linesOf(file)) {
      if (!line) continue;
      if (trailer) throw new Error('the backup goes on after its last line');
      if (!header) {
        header = JSON.parse(line) as Header;
        if (header.format !== format) throw new Error('this is not a backup of this site (no ngo-site-backup header)');
        hash.update(`${line}\n`);
        continue;
      }
      const parsed = JSON.parse(line) as Partial<Trailer> & { c?: string };
      if (parsed.end === true && header.version >= 2) {
        trailer = parsed as Trailer;
        continue;
      }
      BSON.EJSON.parse(line, { relaxed: false });
      if (!parsed.c || !header.collections.includes(parsed.c)) throw new Error(`line ${documents + 2} belongs to no collection of the backup`);
      hash.update(`${line}\n`);
      documents += 1;
    }
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('Z_')) throw new Error(`the backup is cut short or damaged (${(error as Error).message})`);
    if (error instanceof SyntaxError) throw new Error(`the backup is damaged: a line is not JSON (${error.message})`);
    throw error;
  }
  if (!header) throw new Error('the backup is empty');
  if (header.version >= 2) {
    if (!trailer) throw new Error('the backup is cut short: its last line, with the checksum, is missing');
    if (trailer.documents !== documents) throw new Error(`the backup is cut short: it holds ${documents} of ${trailer.documents} documents`);
    if (trailer.sha256 !== hash.digest('hex')) throw new Error('the backup is damaged: its checksum does not match its contents');
  } else {
    console.error('This backup has no checksum (made before version 2); gzip found it whole.');
  }
  return header;
}

/** Fills a fresh collection per collection of the backup, with its documents and indexes. */
async function fillStaging(db: Db, file: string, header: Header): Promise<Map<string, number>> {
  const existing = new Set((await db.listCollections({}, { nameOnly: true }).toArray()).map((entry) => entry.name));
  // What a restore that was cut short (killed) left.
  for (const name of existing) if (isOwnScratch(name)) await db.dropCollection(name);
  for (const name of header.collections) await db.createCollection(`${staging}${name}`);
  const counts = new Map<string, number>(header.collections.map((name) => [name, 0]));
  const pending = new Map<string, Document[]>();
  const flush = async (name: string) => {
    const batch = pending.get(name);
    if (!batch?.length) return;
    await db.collection(`${staging}${name}`).insertMany(batch, { ordered: true });
    counts.set(name, counts.get(name)! + batch.length);
    pending.set(name, []);
  };
  let first = true;
  for await (const line of linesOf(file)) {
    if (!line) continue;
    if (first) {
      first = false;
      continue;
    }
    if (line.startsWith('{"end":true')) break;
    const { c: name, d: document } = BSON.EJSON.parse(line, { relaxed: false }) as { c: string; d: Document };
    const batch = pending.get(name) ?? [];
    batch.push(document);
    pending.set(name, batch);
    if (batch.length >= batchSize) await flush(name);
  }
  for (const name of pending.keys()) await flush(name);
  // The backup's indexes, and those of the collection it replaces (made by the running backends):
  // a unique index the documents break stops the restore here, before the swap.
  for (const name of header.collections) {
    const specs = new Map((header.indexes?.[name] ?? []).map((spec) => [String(spec.name), spec]));
    if (existing.has(name)) for (const spec of await indexSpecs(db, name)) if (!specs.has(String(spec.name))) specs.set(String(spec.name), spec);
    if (specs.size) await db.collection(`${staging}${name}`).createIndexes([...specs.values()] as never);
  }
  return counts;
}

/**
 * Gives collection `from` the name `to` (which must be free): a rename where the database can,
 * else a copy of its documents and indexes (FerretDB 1.24 renames no collection whose name has a
 * dot, such as GridFS's images.files).
 */
async function move(db: Db, from: string, to: string) {
  try {
    await db.renameCollection(from, to);
    return;
  } catch (error) {
    if ((error as { code?: number }).code !== invalidNamespace) throw error;
  }
  await db.createCollection(to);
  let batch: Document[] = [];
  for await (const document of db.collection(from).find({})) {
    batch.push(document);
    if (batch.length >= batchSize) {
      await db.collection(to).insertMany(batch, { ordered: true });
      batch = [];
    }
  }
  if (batch.length) await db.collection(to).insertMany(batch, { ordered: true });
  const specs = await indexSpecs(db, from);
  if (specs.length) await db.collection(to).createIndexes(specs as never);
  await db.dropCollection(from);
}
/** The server's answer to a namespace it does not take. */
const invalidNamespace = 73;

/** Puts each filled collection in place of the one it replaces; if one cannot be, every one goes back. */
async function swapIn(db: Db, names: string[]) {
  const existing = new Set((await db.listCollections({}, { nameOnly: true }).toArray()).map((entry) => entry.name));
  const done: string[] = [];
  try {
    for (const name of names) {
      if (existing.has(name)) await move(db, name, `${replaced}${name}`);
      done.push(name);
      await move(db, `${staging}${name}`, name);
    }
  } catch (error) {
    for (const name of done.reverse()) {
      const present = new Set((await db.listCollections({}, { nameOnly: true }).toArray()).map((entry) => entry.name));
      if (present.has(name) && present.has(`${replaced}${name}`)) await db.dropCollection(name).catch(() => undefined);
      if (present.has(`${replaced}${name}`)) await move(db, `${replaced}${name}`, name).catch(() => undefined);
    }
    throw error;
  }
  for (const name of names) if (existing.has(name)) await db.dropCollection(`${replaced}${name}`);
}

/**
 * Backends may be running on the database restored into: their public answers are kept per content
 * version and their admin lists are held in memory. The version is raised past both the one they
 * knew and the backup's, and the admin lists' change log gets a change of every list, so each
 * instance reads its lists afresh.
 */
async function tellRunningBackends(db: Db, versionBefore: number) {
  const step = Math.max(versionBefore, await readContentVersion(db)) + 1;
  await db
    .collection<{ _id: string; item: string; step: number; until: Date; expiresAt: null }>(contentVersion.claims)
    .insertOne({ _id: `${contentVersion.item}@${step}`, item: contentVersion.item, step, until: new Date(), expiresAt: null });
  await db.collection('admin_list_changes').insertOne({ list: everyList, row_id: '', at: new Date() });
}

async function restore(client: InstanceType<typeof MongoClient>) {
  const db = client.db();
  const scratch = mkdtempSync(path.join(tmpdir(), 'ngo-restore-'));
  try {
    const file = path.join(scratch, 'site.backup');
    // Read and checked whole before the database is touched: a bad file changes nothing.
    const header = await readWhole(file).catch((error: unknown) => {
      throw new Error(`${error instanceof Error ? error.message : String(error)}; nothing was changed`);
    });
    const versionBefore = await readContentVersion(db);
    let counts: Map<string, number>;
    try {
      counts = await fillStaging(db, file, header);
      await swapIn(db, header.collections);
    } catch (error) {
      for (const name of header.collections) await db.dropCollection(`${staging}${name}`).catch(() => undefined);
      throw new Error(`${error instanceof Error ? error.message : String(error)}; the database is as it was`);
    }
    await tellRunningBackends(db, versionBefore);
    const summary = [...counts].map(([name, count]) => `${name} ${count}`).join(', ');
    console.error(`restored ${summary || 'nothing'}${header.consistency === 'per-collection' ? ' (a copy made collection by collection)' : ''}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
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
