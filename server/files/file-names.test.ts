import { describe, expect, it } from 'vitest';
import {
  asciiFilename,
  attachmentDisposition,
  MAX_FILENAME,
  sanitiseFilename,
  shownName,
} from '@server/files/file-names';

const PDF = 'application/pdf';
const PNG = 'image/png';
const JPEG = 'image/jpeg';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('sanitiseFilename', () => {
  it('keeps an honest name as it is', () => {
    expect(sanitiseFilename('Licence 2026.pdf', PDF)).toBe('Licence 2026.pdf');
    expect(sanitiseFilename('Résumé.docx', DOCX)).toBe('Résumé.docx');
  });

  it('gives the file the extension of what it really is', () => {
    expect(sanitiseFilename('scan.pdf', PNG)).toBe('scan.png');
    expect(sanitiseFilename('invoice.exe', PDF)).toBe('invoice.pdf');
    expect(sanitiseFilename('no extension', PDF)).toBe('no extension.pdf');
    expect(sanitiseFilename('photo.JPEG', JPEG)).toBe('photo.jpeg');
    expect(sanitiseFilename('photo.png', JPEG)).toBe('photo.jpg');
    // A dotted number is not an extension.
    expect(sanitiseFilename('Report 2024.11', PDF)).toBe('Report 2024.11.pdf');
  });

  it('drops directories, whichever separator the sender’s system uses', () => {
    expect(sanitiseFilename('C:\\Users\\pat\\Desktop\\licence.pdf', PDF)).toBe('licence.pdf');
    expect(sanitiseFilename('../../etc/passwd', PDF)).toBe('passwd.pdf');
    // Fullwidth solidus, colon and asterisk, and the two-dot leader: the same path in disguise.
    expect(sanitiseFilename('‥／‥／evil：＊.pdf', PDF)).toBe('evil.pdf');
  });

  it('drops control, direction-changing and reserved characters', () => {
    // U+202E would make "evil\u202Efdp.exe" read as "evilexe.pdf".
    expect(sanitiseFilename('evil\u202Efdp.exe', PDF)).toBe('evilfdp.pdf');
    expect(sanitiseFilename('a\u0001b\u007f\tc<>:"|?*.pdf', PDF)).toBe('ab c.pdf');
    expect(sanitiseFilename('line\u2028break\r\n.pdf', PDF)).toBe('line break.pdf');
  });

  it('leaves no hidden or empty name', () => {
    expect(sanitiseFilename('.pdf', PDF)).toBe('file.pdf');
    expect(sanitiseFilename('...', PNG)).toBe('file.png');
    expect(sanitiseFilename('', PDF)).toBe('file.pdf');
    expect(sanitiseFilename('\u0000\u0001', PDF)).toBe('file.pdf');
    expect(sanitiseFilename('.htaccess', PDF)).toBe('htaccess.pdf');
    expect(sanitiseFilename('name. . .pdf', PDF)).toBe('name.pdf');
  });

  it('keeps at most 200 characters, extension included, without splitting a character', () => {
    const long = sanitiseFilename(`${'a'.repeat(300)}.pdf`, PDF);
    expect(long).toHaveLength(MAX_FILENAME);
    expect(long.endsWith('a.pdf')).toBe(true);
    const emoji = sanitiseFilename(`${'😀'.repeat(300)}.pdf`, PDF);
    expect([...emoji]).toHaveLength(MAX_FILENAME);
    expect(emoji.endsWith('😀.pdf')).toBe(true);
  });

  it('keeps the extension sent for a type it does not know', () => {
    expect(sanitiseFilename('old/notes.TXT', 'text/plain')).toBe('notes.txt');
  });
});

describe('download names', () => {
  it('sends an ASCII filename and the exact one as filename* (RFC 5987)', () => {
    expect(attachmentDisposition('Résumé (final) 100%.pdf')).toBe(
      `attachment; filename="Resume (final) 100_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%28final%29%20100%25.pdf`,
    );
    expect(asciiFilename('報告 "q".pdf')).toBe('__ _q_.pdf');
  });

  it('never lets the ASCII name bring back a path or a reserved character that decomposing revealed', () => {
    expect(asciiFilename('‥／‥／evil：＊.pdf')).toBe('__.._evil__.pdf');
    expect(asciiFilename('a/b\\c<d>e|f?g.pdf')).toBe('a_b_c_d_e_f_g.pdf');
  });

  it('quotes a sent name in messages without its path or control characters', () => {
    expect(shownName('C:\\tmp\\evil\u0007.pdf')).toBe('evil.pdf');
    expect(shownName('')).toBe('A file');
  });
});
