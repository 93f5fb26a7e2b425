/**
 * A QR code drawn into a PDF as vector rectangles: sharp at any zoom or print size, and
 * deterministic (the same text always gives the same symbol, so the same PDF bytes). The
 * symbol comes from the `qrcode` package (server only: the client bundle never imports this);
 * its modules are drawn here with pdf-lib, a run of dark modules in a row as one rectangle.
 */
import { rgb, type PDFPage } from 'pdf-lib';
import { create } from 'qrcode';

/** The quiet zone the standard asks for around the symbol, in modules. */
export const QR_QUIET_ZONE = 4;

/** Which modules are dark, row by row (true = dark), for `text` at error correction level M. */
export function qrModules(text: string): boolean[][] {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (_, column) => Boolean(modules.get(row, column))),
  );
}

/**
 * Draws the QR code of `text` with its top-left corner (quiet zone included) at (x, top), in a
 * square `size` points wide. Answers the module count (for tests and layout).
 */
export function drawQrCode(page: PDFPage, text: string, x: number, top: number, size: number): number {
  const rows = qrModules(text);
  const cell = size / (rows.length + 2 * QR_QUIET_ZONE);
  const color = rgb(0, 0, 0);
  rows.forEach((row, rowIndex) => {
    const y = top - (QR_QUIET_ZONE + rowIndex + 1) * cell;
    let column = 0;
    while (column < row.length) {
      if (!row[column]) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < row.length && row[column]) column += 1;
      page.drawRectangle({
        x: x + (QR_QUIET_ZONE + start) * cell,
        y,
        width: (column - start) * cell,
        height: cell,
        color,
      });
    }
  });
  return rows.length;
}
