// A QR code as a PNG image a mail can carry (mail clients do not show SVG): uqr makes the code,
// and this writes its modules as a one-bit greyscale PNG, each module `scale` pixels square,
// with the quiet zone the QR standard asks for.
import { crc32, deflateSync } from 'node:zlib';
import { encode } from 'uqr';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The QR code of `text` as PNG bytes: black modules on white. */
export function qrPng(text: string, { scale = 6, border = 4 } = {}): Buffer {
  const { data } = encode(text, { ecc: 'M', border });
  const size = data.length * scale;
  const rowBytes = Math.ceil(size / 8);
  const raw = Buffer.alloc((rowBytes + 1) * size, 0);
  for (let y = 0; y < size; y++) {
    const row = data[Math.floor(y / scale)]!;
    const start = y * (rowBytes + 1);
    // Filter byte 0 (none), then the pixels: 1 is white in a one-bit greyscale image.
    for (let x = 0; x < size; x++) {
      if (!row[Math.floor(x / scale)]) raw[start + 1 + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
