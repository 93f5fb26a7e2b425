/**
 * Demo broker logos: a rounded square in the broker's colour with a white mark, drawn with
 * 4×4 supersampling so the edges are smooth. Deterministic, so re-seeding changes nothing.
 */
import { encodePng } from '@server/db/seed/png';

export type LogoMark = 'circle' | 'triangle' | 'diamond';

const SIZE = 96;
const SAMPLES = 4;

function insideRoundedSquare(x: number, y: number): boolean {
  const half = 0.46;
  const radius = 0.16;
  const dx = Math.max(Math.abs(x - 0.5) - (half - radius), 0);
  const dy = Math.max(Math.abs(y - 0.5) - (half - radius), 0);
  return Math.abs(x - 0.5) <= half && Math.abs(y - 0.5) <= half && dx * dx + dy * dy <= radius * radius;
}

function insideMark(mark: LogoMark, x: number, y: number): boolean {
  switch (mark) {
    case 'circle':
      return (x - 0.5) ** 2 + (y - 0.5) ** 2 <= 0.24 ** 2;
    case 'diamond':
      return Math.abs(x - 0.5) + Math.abs(y - 0.5) <= 0.27;
    case 'triangle': {
      // Apex at the top centre, base at y = 0.72, half-width 0.27 at the base.
      if (y < 0.26 || y > 0.72) return false;
      const halfWidth = ((y - 0.26) / (0.72 - 0.26)) * 0.27;
      return Math.abs(x - 0.5) <= halfWidth;
    }
  }
}

function parseHex(colour: string): [number, number, number] {
  const value = Number.parseInt(colour.replace('#', ''), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

/** A PNG (as bytes) of SIZE × SIZE pixels. */
export function drawBrokerLogo(colour: string, mark: LogoMark): Buffer {
  const [r, g, b] = parseHex(colour);
  const pixels = new Uint8Array(SIZE * SIZE * 4);
  for (let py = 0; py < SIZE; py++) {
    for (let px = 0; px < SIZE; px++) {
      // Premultiplied sums, so transparent samples don't darken the edge.
      let sr = 0;
      let sg = 0;
      let sb = 0;
      let sa = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SAMPLES) / SIZE;
          const y = (py + (sy + 0.5) / SAMPLES) / SIZE;
          if (!insideRoundedSquare(x, y)) continue;
          const white = insideMark(mark, x, y);
          sr += white ? 255 : r;
          sg += white ? 255 : g;
          sb += white ? 255 : b;
          sa += 1;
        }
      }
      const offset = (py * SIZE + px) * 4;
      if (sa > 0) {
        pixels[offset] = Math.round(sr / sa);
        pixels[offset + 1] = Math.round(sg / sa);
        pixels[offset + 2] = Math.round(sb / sa);
        pixels[offset + 3] = Math.round((sa / (SAMPLES * SAMPLES)) * 255);
      }
    }
  }
  return encodePng(SIZE, SIZE, pixels);
}
