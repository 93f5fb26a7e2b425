/**
 * The logo an administrator uploads is decoded and redrawn: real PNG and JPEG files made here
 * come back smaller with their colours, anything else is refused by what it really is.
 */
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { LOGO_BOX } from '@shared/contract/admin-brokers';
import { fittedSize, storedLogo } from '@server/admin/broker-logo';
import { HttpError } from '@server/http/http-error';

/** A PNG whose left half is opaque red and right half fully transparent. */
function halfRedPng(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const red = x < width / 2;
      png.data[i] = red ? 220 : 0;
      png.data[i + 1] = red ? 20 : 0;
      png.data[i + 2] = red ? 30 : 0;
      png.data[i + 3] = red ? 255 : 0;
    }
  }
  return PNG.sync.write(png);
}

function blueJpeg(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([20, 60, 200, 255], i);
  return Buffer.from(jpeg.encode({ width, height, data }, 90).data);
}

function refusal(bytes: Buffer): HttpError {
  try {
    storedLogo(bytes);
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('the broker logo', () => {
  it('redraws a large PNG to fit the box, proportions and transparency kept', () => {
    const logo = storedLogo(halfRedPng(1200, 300));
    expect(logo).toMatchObject({ mime: 'image/png', width: 480, height: 120 });
    const back = PNG.sync.read(Buffer.from(logo.base64, 'base64'));
    expect([back.width, back.height]).toEqual([480, 120]);
    const at = (x: number, y: number) => [...back.data.subarray((y * 480 + x) * 4, (y * 480 + x) * 4 + 4)];
    expect(at(10, 60)).toEqual([220, 20, 30, 255]);
    expect(at(470, 60)[3]).toBe(0);
  });

  it('redraws a JPEG as a JPEG and leaves a small image its size', () => {
    const logo = storedLogo(blueJpeg(1000, 1000));
    expect(logo).toMatchObject({ mime: 'image/jpeg', width: 240, height: 240 });
    const back = jpeg.decode(Buffer.from(logo.base64, 'base64'));
    expect([back.width, back.height]).toEqual([240, 240]);
    const [r, g, b] = back.data.subarray(0, 3);
    expect(Math.abs(r! - 20) + Math.abs(g! - 60) + Math.abs(b! - 200)).toBeLessThan(15);
    expect(storedLogo(halfRedPng(200, 80))).toMatchObject({ width: 200, height: 80 });
  });

  it('fits any size inside the box', () => {
    expect(fittedSize(4800, 100)).toEqual({ width: LOGO_BOX.width, height: 10 });
    expect(fittedSize(100, 4800)).toEqual({ width: 5, height: LOGO_BOX.height });
    expect(fittedSize(10_000, 1)).toEqual({ width: LOGO_BOX.width, height: 1 });
  });

  it('refuses an SVG, a GIF, a WebP and text by what they are (415 naming logo)', () => {
    const svg = refusal(
      Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    );
    expect(svg.status).toBe(415);
    expect(svg.fields?.logo).toContain('an SVG drawing');
    expect(refusal(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')).fields?.logo).toContain('a GIF');
    expect(refusal(Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1')).fields?.logo).toContain('a WebP image');
    expect(refusal(Buffer.from('hello')).status).toBe(415);
  });

  it('refuses a damaged image, an empty file and a decompression bomb before decoding it (400)', () => {
    const good = halfRedPng(40, 40);
    expect(refusal(good.subarray(0, 60)).fields?.logo).toBe('could not be read as an image');
    expect(refusal(Buffer.alloc(0)).fields?.logo).toBe('is empty');
    const bomb = Buffer.from(good);
    bomb.writeUInt32BE(60_000, 16);
    bomb.writeUInt32BE(60_000, 20);
    const refused = refusal(bomb);
    expect(refused.status).toBe(400);
    expect(refused.message).toContain('60000×60000');
    expect(refusal(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])).status).toBe(400);
  });
});
