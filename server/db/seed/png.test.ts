import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { drawBrokerLogo } from '@server/db/seed/broker-logo';
import { encodePng } from '@server/db/seed/png';

/** Splits a PNG into its chunks, checking every CRC. */
function chunks(png: Buffer) {
  const out: { type: string; data: Buffer }[] = [];
  let offset = 8;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    expect(png.readUInt32BE(offset + 8 + length)).toBe(crc32(png.subarray(offset + 4, offset + 8 + length)));
    out.push({ type, data });
    offset += 12 + length;
  }
  return out;
}

describe('encodePng', () => {
  it('writes a valid RGBA PNG holding the given pixels', () => {
    const pixels = new Uint8Array([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 0, 0, 0, 0]);
    const png = encodePng(2, 2, pixels);
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    const parts = chunks(png);
    expect(parts.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const header = parts[0]!.data;
    expect([header.readUInt32BE(0), header.readUInt32BE(4), header[8], header[9]]).toEqual([2, 2, 8, 6]);
    const raw = inflateSync(parts[1]!.data);
    expect([...raw]).toEqual([0, ...pixels.subarray(0, 8), 0, ...pixels.subarray(8)]);
  });

  it('refuses a pixel buffer of the wrong size', () => {
    expect(() => encodePng(2, 2, new Uint8Array(3))).toThrow(/16 bytes/);
  });
});

describe('drawBrokerLogo', () => {
  it('is deterministic and differs by colour and mark', () => {
    const a = drawBrokerLogo('#1f4e79', 'circle');
    expect(drawBrokerLogo('#1f4e79', 'circle').equals(a)).toBe(true);
    expect(drawBrokerLogo('#2e7d32', 'circle').equals(a)).toBe(false);
    expect(drawBrokerLogo('#1f4e79', 'diamond').equals(a)).toBe(false);
  });
});
