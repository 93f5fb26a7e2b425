import { PDFDocument, type PDFPage } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { drawQrCode, QR_QUIET_ZONE, qrModules } from '@server/documents/qr-code';

describe('qrModules', () => {
  it('is a square symbol with the three finder patterns, the same every time', () => {
    const text = 'https://portal.example.com/verify-certificate/ABCDEFGHJKMN';
    const rows = qrModules(text);
    const size = rows.length;
    // Versions are 21 + 4n modules wide.
    expect((size - 21) % 4).toBe(0);
    expect(rows.every((row) => row.length === size)).toBe(true);
    // A finder pattern's outer ring: seven dark modules along the top-left, top-right and bottom-left edges.
    for (const [row, column] of [
      [0, 0],
      [0, size - 7],
      [size - 7, 0],
    ] as const) {
      expect(rows[row]!.slice(column, column + 7).every(Boolean)).toBe(true);
      expect(rows[row + 1]![column + 1]).toBe(false);
      expect(rows[row + 3]![column + 3]).toBe(true);
    }
    expect(qrModules(text)).toEqual(rows);
    expect(qrModules(`${text}X`)).not.toEqual(rows);
  });
});

describe('drawQrCode', () => {
  const text = 'https://portal.example.com/verify-certificate/ABCDEFGHJKMN';

  it('draws one filled rectangle per run of dark modules, inside the square asked for, quiet zone kept', () => {
    const drawn: { x: number; y: number; width: number; height: number }[] = [];
    const page = { drawRectangle: (options: (typeof drawn)[number]) => drawn.push(options) } as unknown as PDFPage;
    const modules = drawQrCode(page, text, 10, 190, 72);
    const rows = qrModules(text);
    expect(modules).toBe(rows.length);
    const runs = rows.reduce(
      (total, row) => total + row.filter((dark, index) => dark && (index === 0 || !row[index - 1])).length,
      0,
    );
    expect(drawn).toHaveLength(runs);
    const cell = 72 / (rows.length + 2 * QR_QUIET_ZONE);
    const quiet = QR_QUIET_ZONE * cell - 1e-9;
    for (const { x, y, width, height } of drawn) {
      expect(x).toBeGreaterThanOrEqual(10 + quiet);
      expect(x + width).toBeLessThanOrEqual(10 + 72 - quiet);
      expect(y).toBeGreaterThanOrEqual(190 - 72 + quiet);
      expect(y + height).toBeLessThanOrEqual(190 - quiet);
      expect(height).toBeCloseTo(cell, 9);
    }
    // Dark modules covered: the rectangles' widths add up to the dark module count.
    const dark = rows.flat().filter(Boolean).length;
    expect(drawn.reduce((total, rectangle) => total + rectangle.width, 0) / cell).toBeCloseTo(dark, 6);
  });

  it('gives the same PDF bytes for the same text', async () => {
    const draw = async () => {
      const pdf = await PDFDocument.create({ updateMetadata: false });
      drawQrCode(pdf.addPage([200, 200]), text, 10, 190, 72);
      return Buffer.from(await pdf.save({ useObjectStreams: false }));
    };
    expect((await draw()).equals(await draw())).toBe(true);
  });
});
