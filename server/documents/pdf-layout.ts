/**
 * The drawing kit the policy, declarations, binder, invoice and order summary share: a writer
 * over pdf-lib that keeps a cursor, starts a new US Letter page when the next block would run
 * past the bottom margin, and numbers every page in a footer once the document is complete.
 * Every document's title is followed by the insurer that carries the risk and the producer's
 * licences (DESIGN.md "The policy after the sale": named on every policy document).
 *
 * Deterministic: the same data always gives the same bytes. pdf-lib would otherwise stamp the
 * time of generation into the metadata, so every date comes from the document's own data;
 * standard fonts only (no subset tags drawn at random), a plain cross-reference table.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatUsd } from '@shared/contract/money-format';
import type { Trust } from '@shared/contract/runtime-config';
import { DEMO_TRUST_NOTICE, insurerWords, licenceWords } from '@shared/contract/trust-words';
import type { Broker, Party, PriceBreakdown } from '@server/documents/document-data';

export const PRODUCT_NAME = 'Practice Shield';

export const PAGE = { width: 612, height: 792 };
export const MARGIN = 48;
export const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.38, 0.43);
const RULE = rgb(0.45, 0.45, 0.5);
const SHADE = rgb(0.92, 0.93, 0.95);
const PADDING = 6;
const BODY_SIZE = 9.5;
const LINE = 12.5;
/** The footer sits inside the bottom margin; text stops above it. */
const FOOTER_Y = 28;
const LABEL_WIDTH = 160;

/** "06/01/2026", as US insurance documents write dates; anything not YYYY-MM-DD is left as it is. */
export function usDate(isoDay: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : isoDay;
}

/** Characters outside WinAnsi that have a faithful stand-in (formatUsd writes a true minus). */
const STAND_INS: Record<string, string> = { '\u2212': '-', '\u2011': '-', '\u2010': '-', '\u202f': ' ', '\u2009': ' ' };

/**
 * The standard fonts encode WinAnsi only, and pdf-lib throws on anything else: accented letters
 * outside it lose their accent, the rest (emoji, other scripts) become "?", rather than a
 * document failing for a name typed in another script.
 */
export function encodable(font: PDFFont): (text: string) => string {
  const known = new Set(font.getCharacterSet());
  return (text) =>
    Array.from(text.replace(/[\r\n\t]+/g, ' '), (char) => {
      if (known.has(char.codePointAt(0)!)) return char;
      const standIn = STAND_INS[char];
      if (standIn !== undefined) return standIn;
      const base = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      return base && Array.from(base).every((c) => known.has(c.codePointAt(0)!)) ? base : '?';
    }).join('');
}

/** Word-wraps to `width`, breaking words that are longer than a line; at most `maxLines`. */
export function wrap(
  text: string,
  font: PDFFont,
  size: number,
  width: number,
  maxLines = Number.POSITIVE_INFINITY,
): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    // A character wider than the line still takes a line of its own rather than looping forever.
    while (rest.length > 1 && !fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1]!;
  while (last && !fits(`${last}…`)) last = last.slice(0, -1);
  kept[maxLines - 1] = `${last.trimEnd()}…`;
  return kept;
}

export type DocumentMeta = {
  /** "Invoice": with the product name and the number, the PDF's title and every page's footer. */
  title: string;
  /** The policy, invoice or order number the document is about. */
  number: string;
  subject: string;
  /** The document's own date (issue, creation, last change): its creation and change dates. */
  date: Date;
  /** The insurer, the producer's licences and the support phone, printed under the title. */
  trust: Trust;
};

export type Column = { heading: string; width: number; align?: 'left' | 'right' };
export type TableRow = { cells: string[]; bold?: boolean };

type TextOptions = { size?: number; bold?: boolean; color?: ReturnType<typeof rgb> };

/** Draws top-down from a cursor, page after page; `save()` adds the footers and gives the bytes. */
export class PdfWriter {
  private readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  /** Where the next block starts on the current page; text stops at `bottom`, above the footer. */
  y = 0;
  private readonly bottom = MARGIN;
  readonly clean: (text: string) => string;

  private constructor(
    private readonly pdf: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly footer: string,
    private readonly trust: Trust,
  ) {
    this.clean = encodable(regular);
    this.newPage();
  }

  static async open(meta: DocumentMeta): Promise<PdfWriter> {
    // updateMetadata: false keeps pdf-lib from stamping "now" as the creation and change dates.
    const pdf = await PDFDocument.create({ updateMetadata: false });
    const regular = await pdf.embedFont(StandardFonts.Helvetica);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    // Metadata strings are UTF-16, so the title keeps the name as typed; the page cannot.
    const title = `${PRODUCT_NAME} · ${meta.title} · ${meta.number}`;
    pdf.setTitle(title);
    pdf.setSubject(meta.subject);
    pdf.setAuthor(PRODUCT_NAME);
    pdf.setCreator(PRODUCT_NAME);
    pdf.setProducer(`${PRODUCT_NAME} (pdf-lib)`);
    pdf.setLanguage('en-US');
    pdf.setCreationDate(meta.date);
    pdf.setModificationDate(meta.date);
    return new PdfWriter(pdf, regular, bold, encodable(regular)(title), meta.trust);
  }

  newPage() {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN;
  }

  /** Starts a new page unless `height` more points fit on this one (or this one is still empty). */
  ensure(height: number) {
    if (this.y - height < this.bottom && this.y < PAGE.height - MARGIN) this.newPage();
  }

  space(height: number) {
    this.y -= height;
  }

  private font(bold = false) {
    return bold ? this.bold : this.regular;
  }

  /** Draws already-clean text with its baseline at `y`. */
  private draw(text: string, x: number, y: number, { size = BODY_SIZE, bold = false, color = INK }: TextOptions = {}) {
    this.page.drawText(text, { x, y, size, font: this.font(bold), color });
  }

  private drawRight(text: string, right: number, y: number, options: TextOptions = {}) {
    const width = this.font(options.bold).widthOfTextAtSize(text, options.size ?? BODY_SIZE);
    this.draw(text, right - width, y, options);
  }

  lines(text: string, width: number, { size = BODY_SIZE, bold = false } = {}): string[] {
    return wrap(this.clean(text), this.font(bold), size, width);
  }

  /** The product name and date above a large title, underlined by a rule. */
  title(title: string, aside: string) {
    this.draw(PRODUCT_NAME.toUpperCase(), MARGIN, this.y - 9, { size: 9, bold: true, color: MUTED });
    this.drawRight(this.clean(aside), MARGIN + CONTENT_WIDTH, this.y - 9, { size: 9, color: MUTED });
    this.y -= 16;
    for (const line of this.lines(title, CONTENT_WIDTH, { size: 18, bold: true })) {
      this.draw(line, MARGIN, this.y - 17, { size: 18, bold: true });
      this.y -= 22;
    }
    this.y -= 6;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + CONTENT_WIDTH, y: this.y },
      thickness: 1,
      color: RULE,
    });
    this.y -= 12;
    this.insurer();
  }

  /** Who carries the risk and who sells it, in small type under the title; demo values say so. */
  private insurer() {
    const trust = this.trust;
    const sentences = [
      trust.demo ? `${insurerWords(trust)} ${DEMO_TRUST_NOTICE}` : insurerWords(trust),
      licenceWords(trust),
      `Questions? Call ${trust.supportPhone.display}.`,
    ];
    for (const line of sentences.flatMap((sentence) => this.lines(sentence, CONTENT_WIDTH, { size: 8 }))) {
      this.draw(line, MARGIN, this.y - 8, { size: 8, color: MUTED });
      this.y -= 10;
    }
    this.y -= 8;
  }

  /** A shaded section heading, kept on the same page as the first lines under it. */
  heading(text: string) {
    this.ensure(18 + 3 * LINE);
    this.page.drawRectangle({
      x: MARGIN,
      y: this.y - 16,
      width: CONTENT_WIDTH,
      height: 16,
      color: SHADE,
      borderColor: RULE,
      borderWidth: 0.5,
    });
    this.draw(this.clean(text).toUpperCase(), MARGIN + PADDING, this.y - 11.5, { size: 8.5, bold: true });
    this.y -= 16 + 8;
  }

  /** A label and its value (wrapped, or several lines) side by side. */
  field(label: string, value: string | string[], { bold = false } = {}) {
    const values = (Array.isArray(value) ? value : [value]).flatMap((one) =>
      this.lines(one, CONTENT_WIDTH - LABEL_WIDTH, { bold }),
    );
    const labels = this.lines(label, LABEL_WIDTH - PADDING);
    const count = Math.max(1, values.length, labels.length);
    this.ensure(count * LINE);
    for (let index = 0; index < count; index += 1) {
      if (index > 0 && this.y - LINE < this.bottom) this.newPage();
      const baseline = this.y - 9.5;
      if (labels[index]) this.draw(labels[index]!, MARGIN, baseline, { color: MUTED });
      if (values[index]) this.draw(values[index]!, MARGIN + LABEL_WIDTH, baseline, { bold });
      this.y -= LINE;
    }
  }

  /**
   * Wrapped text; line breaks in the text start new lines. A `lead` ("Claim.") runs in, in bold,
   * before the first line, as clauses of a policy are set. `keepWithNext` keeps the whole
   * paragraph on the page with that much room under it (a question with its answer).
   */
  paragraph(text: string, { size = BODY_SIZE, bold = false, indent = 0, after = 4, lead = '', keepWithNext = 0 } = {}) {
    const lineHeight = size * 1.32;
    const width = CONTENT_WIDTH - indent;
    const leadText = lead ? `${this.clean(lead)} ` : '';
    const leadWidth = this.bold.widthOfTextAtSize(leadText, size);
    const lines: string[] = [];
    text.split(/\r?\n/).forEach((part, index) => {
      if (index > 0 || !leadText) {
        lines.push(...this.lines(part, width, { size, bold }));
        return;
      }
      // The first line is shorter by the lead; the rest of the text wraps at full width.
      const words = this.clean(part).split(/\s+/).filter(Boolean).join(' ');
      const first = wrap(words, this.font(bold), size, Math.max(width - leadWidth, width / 2))[0] ?? '';
      lines.push(first, ...wrap(words.slice(first.length).trimStart(), this.font(bold), size, width));
    });
    this.ensure((keepWithNext > 0 ? lines.length : Math.min(lines.length, 2)) * lineHeight + keepWithNext);
    lines.forEach((line, index) => {
      this.ensure(lineHeight);
      const baseline = this.y - size;
      if (index === 0 && leadText) {
        this.draw(leadText, MARGIN + indent, baseline, { size, bold: true });
        this.draw(line, MARGIN + indent + leadWidth, baseline, { size, bold });
      } else {
        this.draw(line, MARGIN + indent, baseline, { size, bold });
      }
      this.y -= lineHeight;
    });
    this.y -= after;
  }

  /** A table with a shaded header row, repeated on every page the table reaches. */
  table(columns: Column[], rows: TableRow[]) {
    const header = () => {
      this.page.drawRectangle({ x: MARGIN, y: this.y - 15, width: CONTENT_WIDTH, height: 15, color: SHADE });
      let x = MARGIN;
      for (const column of columns) {
        const text = this.clean(column.heading);
        const options = { size: 8.5, bold: true };
        if (column.align === 'right') this.drawRight(text, x + column.width - PADDING, this.y - 10.5, options);
        else this.draw(text, x + PADDING, this.y - 10.5, options);
        x += column.width;
      }
      this.y -= 15 + 3;
    };
    this.ensure(18 + LINE);
    header();
    for (const row of rows) {
      const cells = columns.map((column, index) =>
        this.lines(row.cells[index] ?? '', column.width - 2 * PADDING, { bold: row.bold }),
      );
      const height = Math.max(1, ...cells.map((cell) => cell.length)) * LINE + 2;
      if (this.y - height < this.bottom) {
        this.newPage();
        header();
      }
      if (row.bold) {
        this.page.drawLine({
          start: { x: MARGIN, y: this.y },
          end: { x: MARGIN + CONTENT_WIDTH, y: this.y },
          thickness: 0.75,
          color: RULE,
        });
      }
      let x = MARGIN;
      columns.forEach((column, index) => {
        cells[index]!.forEach((line, lineIndex) => {
          const baseline = this.y - 10 - lineIndex * LINE;
          if (column.align === 'right') this.drawRight(line, x + column.width - PADDING, baseline, { bold: row.bold });
          else this.draw(line, x + PADDING, baseline, { bold: row.bold });
        });
        x += column.width;
      });
      this.y -= height;
    }
    this.y -= 6;
  }

  /** Numbers every page ("Page 2 of 3") beside the document's title, then gives the bytes. */
  async save(): Promise<Uint8Array> {
    const total = this.pages.length;
    const footer = wrap(this.footer, this.regular, 8, CONTENT_WIDTH - 80, 1)[0] ?? '';
    this.pages.forEach((page, index) => {
      page.drawLine({
        start: { x: MARGIN, y: FOOTER_Y + 11 },
        end: { x: MARGIN + CONTENT_WIDTH, y: FOOTER_Y + 11 },
        thickness: 0.5,
        color: RULE,
      });
      page.drawText(footer, { x: MARGIN, y: FOOTER_Y, size: 8, font: this.regular, color: MUTED });
      const number = `Page ${index + 1} of ${total}`;
      const width = this.regular.widthOfTextAtSize(number, 8);
      page.drawText(number, {
        x: MARGIN + CONTENT_WIDTH - width,
        y: FOOTER_Y,
        size: 8,
        font: this.regular,
        color: MUTED,
      });
    });
    // Object streams off: a plain cross-reference table, readable by every PDF tool.
    return this.pdf.save({ useObjectStreams: false });
  }
}

const MONEY_COLUMNS: Column[] = [
  { heading: 'Item', width: CONTENT_WIDTH - 140 },
  { heading: 'Amount', width: 140, align: 'right' },
];

/** The price as rated, money right-aligned, the year's total in bold; the same on every document. */
export function priceTable(writer: PdfWriter, price: PriceBreakdown) {
  writer.table(MONEY_COLUMNS, [
    { cells: ['Premium', formatUsd(price.premiumCents)] },
    { cells: ['Policy fee', formatUsd(price.policyFeeCents)] },
    { cells: ['Taxes', formatUsd(price.taxCents)] },
    { cells: ['State fees', formatUsd(price.stateFeeCents)] },
    { cells: ['Total', formatUsd(price.totalCents)], bold: true },
  ]);
}

/** "Acme Dental (ACD)", or "Direct" when the order came without a broker. */
export const brokerText = (broker: Broker | null): string =>
  broker ? `${broker.name}${broker.abbreviation ? ` (${broker.abbreviation})` : ''}` : 'Direct';

/** The covered locations, numbered, the primary first and said to be; "None on file" when empty. */
export function locationList(writer: PdfWriter, locations: Party[]) {
  if (locations.length === 0) {
    writer.paragraph('None on file.');
    return;
  }
  locations.forEach((location, index) => {
    const text = [location.name, ...location.addressLines].filter(Boolean).join(', ');
    writer.paragraph(`${index + 1}. ${text}${index === 0 ? ' (primary)' : ''}`, { after: 2 });
  });
}

/** "From 06/01/2026 to 06/01/2027, 12:01 a.m. standard time at the named insured’s address". */
export const policyPeriod = (effectiveDate: string, expirationDate: string): string =>
  `From ${usDate(effectiveDate)} to ${usDate(expirationDate)}, 12:01 a.m. standard time at the named insured’s address`;

/** "Professional liability (errors and omissions) — General dentistry". */
export const coverageText = (specialityName: string): string =>
  `Professional liability (errors and omissions) — ${specialityName}`;
