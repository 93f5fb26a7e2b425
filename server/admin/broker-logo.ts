/**
 * A broker's logo (issue 9): what an administrator uploads is decoded here, never trusted by its
 * name or declared type, and redrawn at most LOGO_BOX wide and high. Only PNG and JPEG rasters
 * pass — an SVG can carry script, a GIF or WebP is refused by name — and what is stored is the
 * redrawn image, so nothing of the upload but its pixels reaches a storefront.
 */
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { LOGO_BOX, LOGO_FIELD, MAX_LOGO_BYTES, MAX_LOGO_PIXELS } from '@shared/contract/admin-brokers';
import { badRequest, HttpError } from '@server/http/http-error';

export type StoredLogo = { mime: 'image/png' | 'image/jpeg'; base64: string; width: number; height: number };

type Raster = { width: number; height: number; data: Uint8Array };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Buffer, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

/** Names what the bytes look like, for the refusal of anything but PNG and JPEG. */
function whatItIs(bytes: Buffer): string {
  const head = bytes.subarray(0, 512).toString('latin1').trimStart().toLowerCase();
  if (head.startsWith('<?xml') || head.startsWith('<svg') || head.includes('<svg')) return 'an SVG drawing';
  if (head.startsWith('gif8')) return 'a GIF';
  if (head.startsWith('riff') && head.slice(8, 12) === 'webp') return 'a WebP image';
  if (head.startsWith('%pdf')) return 'a PDF';
  return 'not a PNG or JPEG image';
}

const refused = (what: string) =>
  new HttpError(415, `The logo must be a PNG or JPEG image; this is ${what}`, {
    [LOGO_FIELD]: `must be a PNG or JPEG image (this is ${what})`,
  });

const unreadable = () =>
  badRequest('The logo could not be read as an image: it may be damaged', {
    [LOGO_FIELD]: 'could not be read as an image',
  });

const tooManyPixels = (width: number, height: number) =>
  badRequest(`The logo is ${width}×${height} pixels: at most ${MAX_LOGO_PIXELS / 1_000_000} megapixels are accepted`, {
    [LOGO_FIELD]: `must be at most ${MAX_LOGO_PIXELS / 1_000_000} megapixels`,
  });

export const logoTooLarge = () =>
  new HttpError(413, `The logo is larger than ${MAX_LOGO_BYTES / (1024 * 1024)} MB`, {
    [LOGO_FIELD]: `must be at most ${MAX_LOGO_BYTES / (1024 * 1024)} MB`,
  });

/** Width and height from the PNG header, read before anything is decoded (a decompression bomb is refused unread). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') throw unreadable();
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function decodePng(bytes: Buffer): Raster {
  const { width, height } = pngSize(bytes);
  if (width * height > MAX_LOGO_PIXELS) throw tooManyPixels(width, height);
  try {
    const png = PNG.sync.read(bytes);
    return { width: png.width, height: png.height, data: png.data };
  } catch {
    throw unreadable();
  }
}

function decodeJpeg(bytes: Buffer): Raster {
  try {
    const image = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: MAX_LOGO_PIXELS / 1_000_000,
      maxMemoryUsageInMB: 256,
    });
    return { width: image.width, height: image.height, data: image.data };
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/maxResolutionInMP/i.test(message))
      throw badRequest(`The logo is larger than ${MAX_LOGO_PIXELS / 1_000_000} megapixels`, {
        [LOGO_FIELD]: `must be at most ${MAX_LOGO_PIXELS / 1_000_000} megapixels`,
      });
    throw unreadable();
  }
}

/** The size that fits inside LOGO_BOX keeping the proportions; never enlarged. */
export function fittedSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, LOGO_BOX.width / width, LOGO_BOX.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Area-averaging downscale: each target pixel is the mean of the source pixels it covers,
 * weighted by alpha so transparent edges do not darken. Sharper than nearest-neighbour for
 * logos with thin lines, and never reads outside the source.
 */
function resize(source: Raster, width: number, height: number): Raster {
  if (width === source.width && height === source.height) return source;
  const data = new Uint8Array(width * height * 4);
  const xScale = source.width / width;
  const yScale = source.height / height;
  for (let ty = 0; ty < height; ty++) {
    const y0 = ty * yScale;
    const y1 = y0 + yScale;
    for (let tx = 0; tx < width; tx++) {
      const x0 = tx * xScale;
      const x1 = x0 + xScale;
      let r = 0,
        g = 0,
        b = 0,
        a = 0,
        area = 0;
      for (let sy = Math.floor(y0); sy < Math.min(source.height, Math.ceil(y1)); sy++) {
        const wy = Math.min(y1, sy + 1) - Math.max(y0, sy);
        for (let sx = Math.floor(x0); sx < Math.min(source.width, Math.ceil(x1)); sx++) {
          const w = wy * (Math.min(x1, sx + 1) - Math.max(x0, sx));
          const i = (sy * source.width + sx) * 4;
          const alpha = source.data[i + 3]! * w;
          r += source.data[i]! * alpha;
          g += source.data[i + 1]! * alpha;
          b += source.data[i + 2]! * alpha;
          a += alpha;
          area += w;
        }
      }
      const o = (ty * width + tx) * 4;
      if (a > 0) {
        data[o] = Math.round(r / a);
        data[o + 1] = Math.round(g / a);
        data[o + 2] = Math.round(b / a);
      }
      data[o + 3] = Math.round(a / area);
    }
  }
  return { width, height, data };
}

/**
 * The logo to store from uploaded bytes: a PNG stays a PNG (transparency kept), a JPEG stays a
 * JPEG; both redrawn to fit LOGO_BOX. 415 naming `logo` for anything else, 400 for a damaged
 * image or one over MAX_LOGO_PIXELS.
 */
export function storedLogo(bytes: Buffer): StoredLogo {
  if (bytes.length === 0) throw badRequest('The logo file is empty', { [LOGO_FIELD]: 'is empty' });
  if (bytes.length > MAX_LOGO_BYTES) throw logoTooLarge();
  const isPng = startsWith(bytes, PNG_SIGNATURE);
  if (!isPng && !startsWith(bytes, JPEG_SIGNATURE)) throw refused(whatItIs(bytes));
  const decoded = isPng ? decodePng(bytes) : decodeJpeg(bytes);
  const size = fittedSize(decoded.width, decoded.height);
  const raster = resize(decoded, size.width, size.height);
  if (isPng) {
    const png = new PNG({ width: raster.width, height: raster.height });
    png.data = Buffer.from(raster.data.buffer, raster.data.byteOffset, raster.data.byteLength);
    return { mime: 'image/png', base64: PNG.sync.write(png, { colorType: 6 }).toString('base64'), ...size };
  }
  const encoded = jpeg.encode({ width: raster.width, height: raster.height, data: raster.data }, 88);
  return { mime: 'image/jpeg', base64: Buffer.from(encoded.data).toString('base64'), ...size };
}
