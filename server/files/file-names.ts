/**
 * File names as stored and as sent back in downloads. A name comes from the sender's machine:
 * it may carry a path (C:\Users\…\scan.pdf), control or direction-changing characters that
 * make "evil‮fdp.exe" read as "evil.exe.pdf", or an extension that lies about the content.
 * Stored names have none of that, at most MAX_FILENAME characters, and the extension of the
 * type the content was detected as.
 */
import { EXTENSIONS_OF, EXTENSION_OF, isAcceptedMime } from '@server/files/detect-type';

export const MAX_FILENAME = 200;

/**
 * Control characters (C0, DEL, C1), format characters (bidi overrides, zero-width) and line or
 * paragraph separators; path separators and the characters Windows refuses in names.
 */
const UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}/\\<>:"|?*]/gu;

/** A trailing ".xyz" that looks like an extension: letters and digits with at least one letter. */
const EXTENSION = /\.([A-Za-z0-9]{1,5})$/;

/** Cuts to at most `max` code points (never half a surrogate pair). */
const cut = (text: string, max: number) => [...text].slice(0, max).join('');

/**
 * The stored name for a file whose content is `mime`: its extension names that type. For a type
 * not accepted (none is stored today) the extension sent is kept.
 */
export function sanitiseFilename(raw: string, mime: string): string {
  const accepted = isAcceptedMime(mime) ? mime : null;
  // NFKC first: fullwidth "／", "：" and "‥" become the "/", ":" and ".." they stand for, and go below.
  // Only the last path segment: a browser on Windows may send the whole path.
  const base = raw.normalize('NFKC').split(/[/\\]/).pop() ?? '';
  // Tabs and line breaks become spaces; other control characters go.
  let name = base.replace(/\s+/g, ' ').replace(UNSAFE, '').trim();
  let extension = accepted ? EXTENSION_OF[accepted] : '';
  const match = EXTENSION.exec(name);
  if (match && /[A-Za-z]/.test(match[1]!)) {
    const sent = match[1]!.toLowerCase();
    // jpeg stays jpeg; anything not naming the detected type is replaced by one that does.
    if (!accepted || EXTENSIONS_OF[accepted].includes(sent)) extension = sent;
    name = name.slice(0, match.index);
  }
  // No hidden files, no "..", no trailing dot (Windows drops it): dots and spaces at either end go.
  name = name.replace(/^[.\s]+|[.\s]+$/g, '');
  const room = extension ? MAX_FILENAME - extension.length - 1 : MAX_FILENAME;
  const stem = cut(name, room).replace(/[.\s]+$/, '') || 'file';
  return extension ? `${stem}.${extension}` : stem;
}

/** A name as sent, fit to quote in a message: no path, no control characters, not too long. */
export function shownName(raw: string): string {
  const base = (raw.split(/[/\\]/).pop() ?? '').replace(UNSAFE, '').trim();
  return base ? cut(base, 100) : 'A file';
}

/** Percent-encoding per RFC 5987 (attr-char): encodeURIComponent leaves ' ( ) * alone. */
const rfc5987 = (text: string) =>
  encodeURIComponent(text).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * An ASCII stand-in for older clients: accents dropped, anything else non-printable becomes "_".
 * Decomposing can bring back what sanitising removed (a fullwidth "／" becomes "/"), so path and
 * reserved characters become "_" here too, and the name never starts with a dot.
 */
export function asciiFilename(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|["\\%/<>:|?*]/g, '_')
    .replace(/^\.+/, '_');
}

/** Content-Disposition for a download: the ASCII name, and the exact one as filename*. */
export function attachmentDisposition(name: string): string {
  return `attachment; filename="${asciiFilename(name)}"; filename*=UTF-8''${rfc5987(name)}`;
}
