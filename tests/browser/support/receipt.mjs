// A picture of a receipt for journeys that attach one to a transaction.
import { crc32, deflateSync } from 'node:zlib';

/** A small PNG that looks like a paper receipt: white with grey lines of text. */
export function receiptPng(width = 180, height = 240) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x += 1) {
      const line = y > 20 && y % 18 < 6 && x > 16 && x < width - 16 - ((y * 7) % 50);
      const value = line ? 150 : 250;
      raw[row + 1 + x * 3] = value;
      raw[row + 2 + x * 3] = value;
      raw[row + 3 + x * 3] = value - (line ? 0 : 10);
    }
  }
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
