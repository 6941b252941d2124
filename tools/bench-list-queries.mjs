// Which admin-list queries stay flat as a collection grows, on each FerretDB storage: fills a
// collection of registrations (indexed on createdAt and _id) with 300 and with 100,000 rows,
// times the query shapes a paged list could use, and checks $inc from two clients at once.
//   node tools/bench-list-queries.mjs [--large 100000] [--storage sqlite,postgresql] [--repeats 5]
import { parseArgs } from 'node:util';
import { MongoClient, ObjectId } from 'mongodb';
import { startFerretDB } from './database.mjs';

const { values } = parseArgs({
  options: {
    large: { type: 'string', default: '100000' },
    storage: { type: 'string', default: 'sqlite,postgresql' },
    repeats: { type: 'string', default: '5' },
  },
});
const sizes = [300, Number(values.large)];
const repeats = Number(values.repeats);
const newest = { createdAt: -1, _id: -1 };

function registration(n) {
  const id = String(n).padStart(6, '0');
  const at = new Date(Date.UTC(2020, 0, 1) + n * 60_000);
  return {
    _id: ObjectId.createFromTime(at.getTime() / 1000),
    name: `Volunteer ${id}`,
    email: `volunteer${id}@example.org`,
    mobile: '+91 98765 43210',
    address: `House ${id}, Lalpur, Ranchi, Jharkhand 834001`,
    about: 'I can help on weekends with teaching children and with the health camps.',
    createdAt: at,
    updatedAt: at,
  };
}

/** The query shapes, each a function of the filled collection and the row in its middle. */
const shapes = {
  'sort createdAt+_id, limit 50 (indexed)': (c) => c.find({}).sort(newest).limit(50).toArray(),
  'keyset page: createdAt < middle, sorted, limit 50': (c, mid) =>
    c
      .find({ createdAt: { $lt: mid.createdAt } })
      .sort(newest)
      .limit(50)
      .toArray(),
  'keyset page: _id < middle, sorted by _id, limit 50': (c, mid) =>
    c
      .find({ _id: { $lt: mid._id } })
      .sort({ _id: -1 })
      .limit(50)
      .toArray(),
  'one row by _id': (c, mid) => c.find({ _id: mid._id }).toArray(),
  'one row by email (equality)': (c, mid) => c.find({ email: mid.email }).toArray(),
  'countDocuments({})': (c) => c.countDocuments({}),
  'estimatedDocumentCount()': (c) => c.estimatedDocumentCount(),
  'no filter, no sort, limit 50': (c) => c.find({}).limit(50).toArray(),
  'counter document: $inc': (c, mid, counters) => counters.updateOne({ _id: 'volunteers' }, { $inc: { n: 1 } }, { upsert: true }),
};

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timeShape(run, ...args) {
  const times = [];
  const deadline = Date.now() + 60_000;
  for (let i = 0; i < repeats && Date.now() < deadline; i += 1) {
    const started = performance.now();
    await run(...args);
    times.push(performance.now() - started);
  }
  return median(times);
}

async function fill(db, rows) {
  const c = db.collection('volunteers');
  await c.createIndex(newest);
  for (let from = 0; from < rows; from += 1000) {
    await c.insertMany(
      Array.from({ length: Math.min(1000, rows - from) }, (_, i) => registration(from + i)),
      { ordered: false },
    );
  }
  return c;
}

/** Two clients (two app instances) each add 1 to one counter `each` times, 8 at a time. */
async function concurrentIncrements(url, each) {
  const clients = await Promise.all([MongoClient.connect(url), MongoClient.connect(url)]);
  try {
    const counters = (client) => client.db('lists_probe').collection('counters_probe');
    await counters(clients[0]).deleteMany({});
    await counters(clients[0]).insertOne({ _id: 'n', n: 0 });
    await Promise.all(
      clients.flatMap((client) =>
        Array.from({ length: 8 }, async () => {
          for (let i = 0; i < each / 8; i += 1) await counters(client).updateOne({ _id: 'n' }, { $inc: { n: 1 } });
        }),
      ),
    );
    return { expected: 2 * each, found: (await counters(clients[0]).findOne({ _id: 'n' })).n };
  } finally {
    await Promise.all(clients.map((client) => client.close()));
  }
}

async function measure(storage) {
  const server = await startFerretDB({ storage });
  const client = await MongoClient.connect(server.url);
  try {
    const results = {};
    for (const rows of sizes) {
      const db = client.db(`lists_probe_${rows}`);
      const filling = performance.now();
      const c = await fill(db, rows);
      console.error(`[${storage}] ${rows} rows written in ${Math.round(performance.now() - filling)} ms`);
      const mid = await c
        .find({})
        .skip(Math.floor(rows / 2))
        .limit(1)
        .next();
      for (const [name, run] of Object.entries(shapes)) {
        (results[name] ??= {})[rows] = await timeShape(run, c, mid, db.collection('counters'));
      }
      await db.dropDatabase();
    }
    return { results, increments: await concurrentIncrements(server.url, 200) };
  } finally {
    await client.close();
    await server.stop();
  }
}

for (const storage of values.storage.split(',')) {
  const { results, increments } = await measure(storage);
  console.log(`\nFerretDB 1.24 on ${storage}: median of ${repeats}, ms`);
  console.log(`${'query'.padEnd(52)} ${String(sizes[0]).padStart(9)} ${String(sizes[1]).padStart(9)}  ratio`);
  for (const [name, bySize] of Object.entries(results)) {
    const [small, large] = sizes.map((n) => bySize[n]);
    console.log(`${name.padEnd(52)} ${small.toFixed(1).padStart(9)} ${large.toFixed(1).padStart(9)}  ${(large / small).toFixed(1)}x`);
  }
  console.log(`$inc from two clients, 8 in flight each: ${increments.found} counted of ${increments.expected}`);
}
