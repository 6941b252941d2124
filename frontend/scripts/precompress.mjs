// Writes a brotli (.br) and a gzip (.gz) copy next to every compressible file of the build, so the
// backend (`npm start`) and nginx send compressed bytes without compressing on each request.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest|map)$/;

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // Hidden folders (.vite/ build records) are never served.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (compressible.test(entry.name)) yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const file of filesUnder(distDir)) {
  const bytes = readFileSync(file);
  if (bytes.length < 512) continue;
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  const gz = gzipSync(bytes, { level: 9 });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gz);
  count += 1;
  before += bytes.length;
  after += br.length;
}
console.log(`precompressed ${count} files: ${Math.round(before / 1024)} KiB → ${Math.round(after / 1024)} KiB brotli`);
