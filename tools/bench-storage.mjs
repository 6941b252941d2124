// How long reading one gallery image takes on each FerretDB storage, in the same run: stores
// ~80 MB of GridFS files (a large gallery), then reads one 150 KB file N times, the way the
// image route does (files lookup by _id, then its chunks). Loopback only, bounded in time.
//   node tools/bench-storage.mjs [--mb 80] [--reads 20]
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { GridFSBucket, MongoClient } from 'mongodb';
import { startFerretDB } from './database.mjs';
import { clusterUser, findPostgres } from './postgres.mjs';

const { values } = parseArgs({
  options: { mb: { type: 'string', default: '80' }, reads: { type: 'string', default: '20' } },
});
const totalBytes = Number(values.mb) * 1024 * 1024;
const reads = Number(values.reads);
const fileBytes = 150 * 1024;
const fileCount = Math.ceil(totalBytes / fileBytes);

async function upload(bucket, content, filename) {
  return new Promise((resolve, reject) => {
    const stream = bucket.openUploadStream(filename, { metadata: { contentType: 'image/jpeg' } });
    stream
      .once('finish', () => resolve(stream.id))
      .once('error', reject)
      .end(content);
  });
}

async function readImage(bucket, id) {
  const [file] = await bucket.find({ _id: id }, { limit: 1 }).toArray();
  const parts = [];
  for await (const part of bucket.openDownloadStream(file._id)) parts.push(part);
  return Buffer.concat(parts).length;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(storage) {
  const server = await startFerretDB({ storage });
  const client = await MongoClient.connect(server.url);
  try {
    const bucket = new GridFSBucket(client.db('bench'), { bucketName: 'images' });
    const fillStarted = performance.now();
    const ids = [];
    // Distinct content per file, as a gallery has; one random block rotated keeps this cheap.
    const block = randomBytes(fileBytes * 2);
    for (let i = 0; i < fileCount; i += 1) {
      const offset = (i * 4099) % fileBytes;
      ids.push(await upload(bucket, block.subarray(offset, offset + fileBytes), `photo-${i}.jpg`));
    }
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    // The image in the middle of the bucket: neither the first nor the last rows stored.
    const target = ids[Math.floor(ids.length / 2)];
    const times = [];
    const deadline = Date.now() + 120_000;
    for (let i = 0; i < reads && Date.now() < deadline; i += 1) {
      const started = performance.now();
      const length = await readImage(bucket, target);
      times.push(performance.now() - started);
      if (length !== fileBytes) throw new Error(`read ${length} bytes, expected ${fileBytes}`);
    }
    return { storage, fillSeconds, reads: times.length, medianMs: median(times), maxMs: Math.max(...times) };
  } finally {
    await client.close();
    await server.stop();
  }
}

const storages = findPostgres() && clusterUser() ? ['sqlite', 'postgresql'] : ['sqlite'];
console.log(`${fileCount} files of ${fileBytes / 1024} KB (${((fileCount * fileBytes) / 1048576).toFixed(0)} MB), ${reads} reads of one file`);
const results = [];
for (const storage of storages) {
  const result = await measure(storage);
  results.push(result);
  console.log(
    `${storage.padEnd(10)} fill ${result.fillSeconds.toFixed(1)} s; read median ${result.medianMs.toFixed(1)} ms, ` +
      `max ${result.maxMs.toFixed(1)} ms over ${result.reads} reads`,
  );
}
if (results.length === 2) {
  console.log(`sqlite/postgresql read time ratio: ${(results[0].medianMs / results[1].medianMs).toFixed(1)}x`);
} else {
  console.log('PostgreSQL server not installed: no ratio (apt-get install postgresql)');
}
