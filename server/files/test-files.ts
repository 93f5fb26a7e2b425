/**
 * For tests: small but real files of every kind the upload accepts and of kinds it refuses,
 * built here so the tests say exactly what bytes they send. The zips are genuine (stored
 * entries, correct CRCs, a central directory `unzip` reads).
 */
import { crc32, deflateRawSync } from 'node:zlib';

export const pdfBytes = (text = 'hello') =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

export const pngBytes = () =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('\x00\x00\x00\rIHDR-rest-of-image', 'latin1'),
  ]);

export const jpegBytes = () =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF-rest-of-image')]);

/** A Windows executable's first bytes (MZ…), as a renamed .pdf would carry them. */
export const exeBytes = () =>
  Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62, 0x90), Buffer.from('This program cannot be run in DOS mode')]);

export const elfBytes = () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(32)]);

/** A zip of `entries` (name → content), stored without compression, or deflated as Office saves them. */
export function zipOf(entries: Record<string, string | Buffer>, { deflate = false } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, 'latin1');
    const plain = Buffer.from(text);
    const crc = crc32(plain);
    const data = deflate ? deflateRawSync(plain) : plain;
    const method = deflate ? 8 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(plain.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(plain.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** [Content_Types].xml declaring `part` as `type`, as Word and Excel write it. */
export const contentTypes = (part: string, type: string) =>
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  `<Override PartName="/${part}" ContentType="${type}"/></Types>`;

const WORD_TYPES = contentTypes(
  'word/document.xml',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
);
const EXCEL_TYPES = contentTypes(
  'xl/workbook.xml',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
);

export const docxBytes = ({ deflate = false } = {}) =>
  zipOf(
    { '[Content_Types].xml': WORD_TYPES, '_rels/.rels': '<Relationships/>', 'word/document.xml': '<w:document/>' },
    { deflate },
  );

export const xlsxBytes = ({ deflate = false } = {}) =>
  zipOf(
    { '[Content_Types].xml': EXCEL_TYPES, '_rels/.rels': '<Relationships/>', 'xl/workbook.xml': '<workbook/>' },
    { deflate },
  );

/** A multipart body as a browser's FormData would send it: `fields` first, then the files. */
export async function multipartOf(
  fields: Record<string, string>,
  files: ReadonlyArray<{ name: string; bytes: Buffer; field?: string; type?: string }>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append(
      file.field ?? 'files',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}
