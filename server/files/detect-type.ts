/**
 * What a file really is, from its first bytes (and, for Word and Excel, the names inside the
 * zip): never from its name or the type the browser declared, which the sender chooses. Only the
 * types of acceptedFileTypes pass; everything else (executables renamed .pdf, plain zips, text)
 * is refused by the caller with the reason given here.
 */
import { inflateRawSync } from 'node:zlib';
import type { acceptedFileTypes } from '@shared/contract/files';

export type AcceptedMime = keyof typeof acceptedFileTypes;

/** The extension a stored file gets for its detected type (a PNG named scan.pdf becomes scan.png). */
export const EXTENSION_OF: Record<AcceptedMime, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
};

/** Extensions that already name the type truly (kept as sent, in lower case). */
export const EXTENSIONS_OF: Record<AcceptedMime, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
};

export const isAcceptedMime = (mime: string): mime is AcceptedMime => Object.hasOwn(EXTENSION_OF, mime);

export type Detected = { accepted: true; mime: AcceptedMime } | { accepted: false; what: string };

const startsWith = (bytes: Buffer, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

const PDF = [...Buffer.from('%PDF-')];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** Named so the refusal can say what the file was. */
const KNOWN_REFUSED: ReadonlyArray<[signature: readonly number[], what: string]> = [
  [[0x4d, 0x5a], 'a Windows program'],
  [[0x7f, 0x45, 0x4c, 0x46], 'a Linux program'],
  [[0xcf, 0xfa, 0xed, 0xfe], 'a macOS program'],
  [[0xca, 0xfe, 0xba, 0xbe], 'a program'],
  [[...Buffer.from('#!')], 'a script'],
  [[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 'an old-style Office file (.doc/.xls)'],
  [[0x47, 0x49, 0x46, 0x38], 'a GIF image'],
  [[0x1f, 0x8b], 'a gzip archive'],
  [[...Buffer.from('Rar!')], 'a RAR archive'],
  [[0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], 'a 7-Zip archive'],
];

/** One entry of a zip's central directory: where its bytes are and how they are packed. */
export type ZipEntry = { name: string; method: number; compressedSize: number; size: number; localOffset: number };

/**
 * The entries of a zip, read from its central directory (the list at its end that unzip tools
 * trust), or null when the bytes are not a zip this can read. Bounds are checked at every step:
 * the bytes come from a stranger.
 */
export function zipEntries(bytes: Buffer): ZipEntry[] | null {
  const EOCD = 0x06054b50;
  const CENTRAL = 0x02014b50;
  // The end record is 22 bytes plus a comment of at most 65,535.
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let at = bytes.length - 22; at >= earliest; at--) {
    if (bytes.readUInt32LE(at) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = bytes.readUInt16LE(end + 10);
  const size = bytes.readUInt32LE(end + 12);
  const offset = bytes.readUInt32LE(end + 16);
  // ZIP64 markers (0xFFFF…) never occur in a document under 10 MB: not a file this reads.
  if (count === 0xffff || offset === 0xffffffff || offset + size > end) return null;
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let index = 0; index < count; index++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== CENTRAL) return null;
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const nameEnd = at + 46 + nameLength;
    if (nameEnd > end) return null;
    entries.push({
      name: bytes.toString('latin1', at + 46, nameEnd),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
    });
    at = nameEnd + extraLength + commentLength;
  }
  return entries;
}

/** The entry names of a zip, or null when it cannot be read. */
export const zipEntryNames = (bytes: Buffer): string[] | null => zipEntries(bytes)?.map((entry) => entry.name) ?? null;

/** [Content_Types].xml is a few kilobytes: anything far larger is not read. */
const MAX_CONTENT_TYPES_BYTES = 256 * 1024;

/** An entry's bytes (stored or deflated), or null when they cannot be read within bounds. */
function entryContent(bytes: Buffer, entry: ZipEntry): Buffer | null {
  const LOCAL = 0x04034b50;
  const at = entry.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL) return null;
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + entry.compressedSize > bytes.length || entry.size > MAX_CONTENT_TYPES_BYTES) return null;
  const packed = bytes.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return packed;
  if (entry.method !== 8) return null;
  try {
    return inflateRawSync(packed, { maxOutputLength: MAX_CONTENT_TYPES_BYTES });
  } catch {
    return null;
  }
}

/**
 * What an Office Open XML package must hold to be a Word document or an Excel workbook: its main
 * part, declared with its content type in [Content_Types].xml. Folders beyond the format's own
 * are refused, so a zip of anything with a "word/" folder added does not pass as a .docx.
 */
const OFFICE_KINDS = [
  {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    folder: 'word/',
    mainPart: 'word/document.xml',
    mainType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
  },
  {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    folder: 'xl/',
    mainPart: 'xl/workbook.xml',
    mainType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
  },
] as const;
const PACKAGE_PARTS = ['[Content_Types].xml'];
const PACKAGE_FOLDERS = ['_rels/', 'docProps/', 'customXml/'];

function officeType(bytes: Buffer): Detected {
  const entries = zipEntries(bytes);
  if (!entries) return { accepted: false, what: 'a damaged or unreadable zip archive' };
  const names = entries.map((entry) => entry.name);
  const types = entries.find((entry) => entry.name === '[Content_Types].xml');
  if (!types) return { accepted: false, what: 'a zip archive' };
  // Macros run code when the document is opened: a .docm/.xlsm renamed .docx is refused.
  if (names.some((name) => name.toLowerCase().endsWith('vbaproject.bin'))) {
    return { accepted: false, what: 'an Office file with macros' };
  }
  const word = names.some((name) => name.startsWith('word/'));
  const excel = names.some((name) => name.startsWith('xl/'));
  if (word === excel)
    return { accepted: false, what: 'an Office file that is neither a Word document nor an Excel workbook' };
  const kind = OFFICE_KINDS[word ? 0 : 1];
  const declared = entryContent(bytes, types)?.toString('utf8') ?? '';
  const stray = names.some(
    (name) =>
      !PACKAGE_PARTS.includes(name) && ![kind.folder, ...PACKAGE_FOLDERS].some((folder) => name.startsWith(folder)),
  );
  if (!names.includes(kind.mainPart) || !names.includes('_rels/.rels') || !declared.includes(kind.mainType) || stray) {
    return { accepted: false, what: 'a zip archive that is not a valid Word document or Excel workbook' };
  }
  return { accepted: true, mime: kind.mime };
}

/** The file's type by its content. */
export function detectType(bytes: Buffer): Detected {
  if (startsWith(bytes, PDF)) return { accepted: true, mime: 'application/pdf' };
  if (startsWith(bytes, PNG)) return { accepted: true, mime: 'image/png' };
  if (startsWith(bytes, JPEG)) return { accepted: true, mime: 'image/jpeg' };
  if (startsWith(bytes, ZIP)) return officeType(bytes);
  for (const [signature, what] of KNOWN_REFUSED) {
    if (startsWith(bytes, signature)) return { accepted: false, what };
  }
  return { accepted: false, what: 'of a type that is not accepted' };
}
