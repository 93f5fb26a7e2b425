/**
 * The certificate of insurance: one US Letter page laid out like an ACORD 25 (producer and
 * insured side by side, the coverage with its form, retroactive date and limits, the description
 * of operations, the additional insured and the certificate holder, the usual disclaimers), naming
 * one holder of a bound policy: an additional
 * insured of the order, or a holder named on demand (issue 19), who may also be made an
 * additional insured. A certificate issued on demand also prints its verification code, the
 * public page that checks it and that page's QR code.
 *
 * Deterministic: the same data always gives the same bytes. pdf-lib otherwise stamps the time
 * of generation into the document's metadata, so the dates are set from the policy's issue
 * time and nothing else varies (no random ids, standard fonts only, no compression choices
 * that depend on the run).
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { dayOf } from '@shared/calendar';
import { groupedCode } from '@shared/contract/certificates';
import { formatUsd } from '@shared/contract/money-format';
import type { Trust } from '@shared/contract/runtime-config';
import { DEMO_TRUST_NOTICE, licenceWords } from '@shared/contract/trust-words';
import { fileSlug } from '@server/documents/document-file-names';
import { encodable, usDate, wrap } from '@server/documents/pdf-layout';
import { PRODUCT_NAME } from '@server/documents/pdf-layout';
import { drawQrCode } from '@server/documents/qr-code';

export type CertificateParty = {
  name: string;
  /** Street, city/state/ZIP… already split into lines; empty when unknown. */
  addressLines: string[];
};

/** The coverage form the policy is written on: the certificate marks it, as ACORD 25 does. */
export type CoverageForm = 'claims-made' | 'occurrence';

/** Who placed the cover: the broker, or for a direct sale the portal itself, with how to reach it. */
export type CertificateProducer = { name: string; lines: string[] };

export type CertificateData = {
  policyNumber: string;
  specialityName: string;
  /** YYYY-MM-DD. */
  effectiveDate: string;
  expirationDate: string;
  coverageForm: CoverageForm;
  /** YYYY-MM-DD, claims-made only: work done before it is not covered. Null on an occurrence form. */
  retroactiveDate: string | null;
  perClaimLimitCents: number;
  aggregateLimitCents: number;
  deductibleCents: number;
  /** When the policy was issued: the certificate's date, and its metadata dates. */
  issuedAt: Date;
  brokerName: string | null;
  producer: CertificateProducer;
  namedInsured: CertificateParty;
  /** The certificate holder. */
  holder: CertificateParty & { relationship: string | null };
  /** Whether the holder is also an additional insured (the standard wording is printed then). */
  additionalInsured: boolean;
  /** What the certificate is for, as the insured typed it ("Description of operations / project"); null when none. */
  operations: string | null;
  /** A certificate issued on demand: its code and the public page that checks it; null for an order's certificate. */
  verification: { code: string; url: string } | null;
  /** The insurer affording coverage and the producer's licences (Config.trust). */
  trust: Trust;
};

export const CERTIFICATE_TITLE = 'Certificate of insurance';

const PAGE = { width: 612, height: 792 };
const MARGIN = 48;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const PADDING = 6;
const INK = rgb(0.1, 0.1, 0.12);
const RULE = rgb(0.45, 0.45, 0.5);
const SHADE = rgb(0.92, 0.93, 0.95);
/** A name or address longer than this many lines is cut short: the page must stay one page. */
const MAX_FIELD_LINES = 4;

/**
 * The producer box: the broker the policy came through; for a direct sale the portal itself
 * (its name, and the support phone and site from the configuration), never "no broker".
 */
export function certificateProducer(
  brokerName: string | null,
  trust: Pick<Trust, 'supportPhone'>,
  publicUrl: string | null,
): CertificateProducer {
  if (brokerName) return { name: brokerName, lines: ['Insurance broker'] };
  return {
    name: PRODUCT_NAME,
    lines: [`Phone ${trust.supportPhone.display}`, ...(publicUrl ? [publicUrl.replace(/^https?:\/\//, '')] : [])],
  };
}

/**
 * The standard wording that makes the holder an additional insured, as the certificate prints it
 * (and a certificate issued on demand keeps it).
 */
export function additionalInsuredWording(
  data: Pick<CertificateData, 'policyNumber'> & {
    holder: { name: string; relationship: string | null };
  },
): string {
  const relationship = data.holder.relationship ? ` (${data.holder.relationship})` : '';
  // The policy number only: the order number is the portal's own reference, not the holder's business.
  return (
    `${data.holder.name}${relationship} is an additional insured under policy ${data.policyNumber}, ` +
    'with respect to liability arising out of the named insured’s professional services, subject to the policy’s terms, ' +
    'conditions and exclusions.'
  );
}

/** A name on the certificate, made safe for the file name: certificate-p-2026-000001-acme-landlord.pdf. */
export function certificateFileName(policyNumber: string, holderName: string): string {
  const holder = fileSlug(holderName).slice(0, 60).replace(/-+$/, '');
  return `${['certificate', fileSlug(policyNumber), holder].filter(Boolean).join('-')}.pdf`;
}

type Fonts = { regular: PDFFont; bold: PDFFont; clean: (text: string) => string };

/** Draws top-down from a cursor; every block answers the height it took. */
class Layout {
  y = PAGE.height - MARGIN;

  constructor(
    private readonly page: PDFPage,
    private readonly fonts: Fonts,
  ) {}

  text(text: string, x: number, y: number, size: number, bold = false) {
    this.page.drawText(text, { x, y, size, font: bold ? this.fonts.bold : this.fonts.regular, color: INK });
  }

  lines(text: string, width: number, size: number, { bold = false, maxLines = MAX_FIELD_LINES } = {}): string[] {
    return wrap(this.fonts.clean(text), bold ? this.fonts.bold : this.fonts.regular, size, width, maxLines);
  }

  box(x: number, top: number, width: number, height: number, heading?: string) {
    this.page.drawRectangle({ x, y: top - height, width, height, borderColor: RULE, borderWidth: 0.75 });
    if (heading) {
      this.page.drawRectangle({
        x,
        y: top - 14,
        width,
        height: 14,
        color: SHADE,
        borderColor: RULE,
        borderWidth: 0.75,
      });
      this.text(heading.toUpperCase(), x + PADDING, top - 10, 7.5, true);
    }
  }

  /** A boxed section with a shaded heading and lines of text. */
  section(
    heading: string,
    rows: { text: string; bold?: boolean }[][],
    x = MARGIN,
    width = CONTENT_WIDTH,
    minHeight = 0,
  ) {
    const lineHeight = 12.5;
    const body = rows.flat();
    const height = Math.max(minHeight, 14 + PADDING + body.length * lineHeight + PADDING);
    this.box(x, this.y, width, height, heading);
    body.forEach((line, index) =>
      this.text(line.text, x + PADDING, this.y - 14 - PADDING - 9 - index * lineHeight, 9.5, line.bold),
    );
    return height;
  }

  party(party: CertificateParty, width: number, extra: string[] = []): { text: string; bold?: boolean }[] {
    const inner = width - 2 * PADDING;
    return [
      ...this.lines(party.name, inner, 9.5, { bold: true }).map((text) => ({ text, bold: true })),
      ...party.addressLines.flatMap((line) => this.lines(line, inner, 9.5, { maxLines: 2 })).map((text) => ({ text })),
      ...extra.flatMap((line) => this.lines(line, inner, 9.5)).map((text) => ({ text })),
    ];
  }
}

/** The size of the QR code, quiet zone included, in points (an inch: scans from paper and screens alike). */
const QR_SIZE = 72;

/**
 * The box that lets anyone check the certificate: its code, the page's address and the page's
 * QR code, on the right. Answers its height.
 */
function verificationSection(
  layout: Layout,
  page: PDFPage,
  fonts: Fonts,
  verification: { code: string; url: string },
): number {
  const textWidth = CONTENT_WIDTH - 2 * PADDING - QR_SIZE - PADDING;
  const rows = [
    { text: `Verification code: ${groupedCode(verification.code)}`, bold: true },
    ...layout
      .lines(
        'Anyone can check this certificate, and the policy’s status today, without signing in: open the address ' +
          'below or scan the code.',
        textWidth,
        9.5,
      )
      .map((text) => ({ text })),
    // The address is ASCII by construction; wrapped at any character so a long origin still fits.
    ...wrapAnywhere(verification.url, fonts.regular, 9.5, textWidth).map((text) => ({ text })),
  ];
  const height = layout.section('Verify this certificate', [rows], MARGIN, CONTENT_WIDTH, 14 + QR_SIZE + PADDING);
  drawQrCode(page, verification.url, MARGIN + CONTENT_WIDTH - PADDING - QR_SIZE, layout.y - 14 - PADDING / 2, QR_SIZE);
  return height;
}

/** Text cut into lines at any character (an address has no spaces to wrap at). */
function wrapAnywhere(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const character of text) {
    if (line && font.widthOfTextAtSize(line + character, size) > width) {
      lines.push(line);
      line = '';
    }
    line += character;
  }
  return line ? [...lines, line] : lines;
}

export async function certificatePdf(data: CertificateData): Promise<Uint8Array> {
  // updateMetadata: false keeps pdf-lib from stamping "now" as the creation and change dates.
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const fonts: Fonts = { regular, bold, clean: encodable(regular) };
  const page = pdf.addPage([PAGE.width, PAGE.height]);
  const layout = new Layout(page, fonts);
  const issuedDay = dayOf(data.issuedAt);
  const holder = data.holder;

  pdf.setTitle(fonts.clean(`${CERTIFICATE_TITLE} ${data.policyNumber}: ${holder.name}`));
  pdf.setSubject(fonts.clean(`Policy ${data.policyNumber}, ${data.specialityName}`));
  pdf.setAuthor(fonts.clean(data.brokerName ?? 'Speciality insurance portal'));
  pdf.setCreator('Speciality insurance portal');
  pdf.setProducer('Speciality insurance portal (pdf-lib)');
  pdf.setLanguage('en-US');
  pdf.setCreationDate(data.issuedAt);
  pdf.setModificationDate(data.issuedAt);

  // Title and date.
  layout.text(CERTIFICATE_TITLE, MARGIN, layout.y - 20, 20, true);
  const dateLabel = `Date issued: ${usDate(issuedDay)}`;
  layout.text(dateLabel, PAGE.width - MARGIN - regular.widthOfTextAtSize(dateLabel, 10), layout.y - 18, 10);
  layout.y -= 34;
  const disclaimer =
    'This certificate is issued as a matter of information only and confers no rights upon the certificate holder' +
    (data.additionalInsured ? ' beyond those the policy gives an additional insured' : '') +
    '. It does not amend, extend or alter the coverage afforded by the policy below, and it is not a contract between the ' +
    'insurer, the producer and the certificate holder.';
  for (const line of wrap(disclaimer, regular, 7.5, CONTENT_WIDTH)) {
    layout.text(line, MARGIN, layout.y - 8, 7.5);
    layout.y -= 9.5;
  }
  layout.y -= 10;

  // Producer and insured, side by side.
  const gap = 12;
  const half = (CONTENT_WIDTH - gap) / 2;
  const producerRows = layout.party({ name: data.producer.name, addressLines: [] }, half, data.producer.lines);
  const insuredRows = layout.party(data.namedInsured, half);
  const rowsHeight = 14 + 2 * PADDING + Math.max(producerRows.length, insuredRows.length) * 12.5;
  layout.section('Producer', [producerRows], MARGIN, half, rowsHeight);
  layout.section('Insured', [insuredRows], MARGIN + half + gap, half, rowsHeight);
  layout.y -= rowsHeight + 14;

  // The insurer affording coverage, with its NAIC code as ACORD 25 lists it, and the licences.
  const { insurer } = data.trust;
  const insurerRows = [
    ...layout
      .lines(`Insurer A: ${insurer.name}`, CONTENT_WIDTH - 2 * PADDING, 9.5, { bold: true, maxLines: 2 })
      .map((text) => ({ text, bold: true })),
    ...layout
      .lines(
        `NAIC ${insurer.naic}. AM Best rating: ${insurer.amBest}.${data.trust.demo ? ` ${DEMO_TRUST_NOTICE}` : ''}`,
        CONTENT_WIDTH - 2 * PADDING,
        9.5,
        { maxLines: 2 },
      )
      .map((text) => ({ text })),
    ...layout
      .lines(licenceWords(data.trust), CONTENT_WIDTH - 2 * PADDING, 9.5, { maxLines: 2 })
      .map((text) => ({ text })),
  ];
  layout.y -= layout.section('Insurer affording coverage', [insurerRows]) + 14;

  // Coverage: one row, ACORD's columns.
  const columns = [
    { heading: 'Type of insurance', width: 150 },
    { heading: 'Policy number', width: 100 },
    { heading: 'Effective', width: 62 },
    { heading: 'Expiration', width: 62 },
    { heading: 'Limits', width: CONTENT_WIDTH - 374 },
  ];
  const limits = [
    ['Each claim', formatUsd(data.perClaimLimitCents)],
    ['Aggregate', formatUsd(data.aggregateLimitCents)],
    ['Deductible', formatUsd(data.deductibleCents)],
  ] as const;
  const coverageType = [
    'Professional liability',
    ...layout.lines(data.specialityName, columns[0]!.width - 2 * PADDING, 9.5, { maxLines: 3 }),
    data.coverageForm === 'claims-made' ? 'Claims-made' : 'Occurrence',
    ...(data.coverageForm === 'claims-made' && data.retroactiveDate
      ? [`Retro date: ${usDate(data.retroactiveDate)}`]
      : []),
  ];
  const cells = [
    coverageType,
    layout.lines(data.policyNumber, columns[1]!.width - 2 * PADDING, 9.5, { maxLines: 2 }),
    [usDate(data.effectiveDate)],
    [usDate(data.expirationDate)],
  ];
  const coverageHeight = 14 + 2 * PADDING + Math.max(limits.length, ...cells.map((cell) => cell.length)) * 12.5;
  layout.text('COVERAGE', MARGIN, layout.y - 8, 7.5, true);
  layout.y -= 12;
  let x = MARGIN;
  columns.forEach((column, index) => {
    layout.box(x, layout.y, column.width, coverageHeight, column.heading);
    const top = layout.y - 14 - PADDING - 9;
    if (index < cells.length) {
      cells[index]!.forEach((line, row) =>
        layout.text(line, x + PADDING, top - row * 12.5, 9.5, index === 0 && row === 0),
      );
    } else {
      limits.forEach(([label, amount], row) => {
        layout.text(label, x + PADDING, top - row * 12.5, 9.5);
        layout.text(
          amount,
          x + column.width - PADDING - bold.widthOfTextAtSize(amount, 9.5),
          top - row * 12.5,
          9.5,
          true,
        );
      });
    }
    x += column.width;
  });
  layout.y -= coverageHeight + 14;

  // What the certificate is for, as the insured wrote it, then the additional insured or evidence
  // of cover for a holder only.
  const description = data.additionalInsured
    ? additionalInsuredWording(data)
    : `Evidence of coverage under policy ${data.policyNumber} for the certificate holder, who is not an additional ` +
      'insured under the policy.';
  const inner = CONTENT_WIDTH - 2 * PADDING;
  const operations = data.operations ? layout.lines(data.operations, inner, 9.5, { maxLines: 6 }) : [];
  layout.y -=
    layout.section(
      data.additionalInsured
        ? 'Description of operations / project / additional insured'
        : 'Description of operations / project',
      [operations, layout.lines(description, inner, 9.5, { maxLines: 5 })].map((lines) =>
        lines.map((text) => ({ text })),
      ),
    ) + 14;

  const holderHeight = layout.section(
    data.additionalInsured ? 'Certificate holder and additional insured' : 'Certificate holder',
    [layout.party(holder, half)],
    MARGIN,
    half,
    90,
  );
  const cancellation =
    'Should the policy above be cancelled before its expiration date, notice will be delivered in accordance with the ' +
    'policy provisions.';
  layout.section(
    'Cancellation',
    [layout.lines(cancellation, half - 2 * PADDING, 9.5).map((text) => ({ text }))],
    MARGIN + half + gap,
    half,
    holderHeight,
  );
  layout.y -= holderHeight + 14;

  if (data.verification) layout.y -= verificationSection(layout, page, fonts, data.verification) + 14;

  const footer = `Issued electronically${data.brokerName ? ` through ${data.brokerName}` : ''} on ${usDate(issuedDay)}.`;
  for (const line of wrap(fonts.clean(footer), regular, 8, CONTENT_WIDTH, 3)) {
    layout.text(line, MARGIN, layout.y - 8, 8);
    layout.y -= 10;
  }

  // Object streams off: a plain cross-reference table, readable by every PDF tool.
  return pdf.save({ useObjectStreams: false });
}
