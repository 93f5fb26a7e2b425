import { describe, expect, it } from 'vitest';
import { detectType, zipEntryNames } from '@server/files/detect-type';
import {
  contentTypes,
  docxBytes,
  elfBytes,
  exeBytes,
  jpegBytes,
  pdfBytes,
  pngBytes,
  xlsxBytes,
  zipOf,
} from '@server/files/test-files';

const TYPES = '<Types/>';

describe('detectType', () => {
  it('knows the accepted types by their first bytes', () => {
    expect(detectType(pdfBytes())).toEqual({ accepted: true, mime: 'application/pdf' });
    expect(detectType(pngBytes())).toEqual({ accepted: true, mime: 'image/png' });
    expect(detectType(jpegBytes())).toEqual({ accepted: true, mime: 'image/jpeg' });
  });

  it('tells Word from Excel by the entries inside the zip', () => {
    expect(detectType(docxBytes())).toEqual({
      accepted: true,
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    expect(detectType(xlsxBytes())).toEqual({
      accepted: true,
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
  });

  it('reads [Content_Types].xml deflated, as Word and Excel save it', () => {
    expect(detectType(docxBytes({ deflate: true }))).toMatchObject({
      accepted: true,
      mime: expect.stringContaining('wordprocessingml'),
    });
    expect(detectType(xlsxBytes({ deflate: true }))).toMatchObject({
      accepted: true,
      mime: expect.stringContaining('spreadsheetml'),
    });
  });

  it('refuses a zip of anything dressed up with a word/ folder: the main part, its declared type and the package layout are required', () => {
    const WORD_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
    const refused = { accepted: false, what: 'a zip archive that is not a valid Word document or Excel workbook' };
    // The reviewer's trick: an empty [Content_Types].xml, an empty word/ folder, a program and a script.
    expect(
      detectType(zipOf({ '[Content_Types].xml': '', 'word/': '', 'invoice.exe': exeBytes(), 'run.js': 'alert(1)' })),
    ).toEqual(refused);
    const whole = {
      '[Content_Types].xml': contentTypes('word/document.xml', WORD_MAIN),
      '_rels/.rels': '<r/>',
      'word/document.xml': '<d/>',
    };
    expect(detectType(zipOf({ ...whole, 'invoice.exe': exeBytes() }))).toEqual(refused);
    expect(detectType(zipOf({ ...whole, '[Content_Types].xml': '<Types/>' }))).toEqual(refused);
    expect(
      detectType(
        zipOf({
          ...whole,
          '[Content_Types].xml': contentTypes(
            'word/document.xml',
            'application/vnd.ms-word.document.macroEnabled.main+xml',
          ),
        }),
      ),
    ).toEqual(refused);
    const { 'word/document.xml': _main, ...withoutMain } = whole;
    expect(detectType(zipOf({ ...withoutMain, 'word/other.xml': '<d/>' }))).toEqual(refused);
    const { '_rels/.rels': _rels, ...withoutRels } = whole;
    expect(detectType(zipOf(withoutRels))).toEqual(refused);
    expect(detectType(zipOf(whole))).toMatchObject({ accepted: true });
  });

  it('refuses a deflated [Content_Types].xml that is damaged or would inflate past its bound, without throwing', () => {
    const bomb = zipOf(
      { '[Content_Types].xml': Buffer.alloc(1024 * 1024, 0x20), '_rels/.rels': '<r/>', 'word/document.xml': '<d/>' },
      { deflate: true },
    );
    expect(detectType(bomb)).toMatchObject({ accepted: false });
    const damaged = docxBytes({ deflate: true });
    // The first entry's data starts after its 30-byte header and 19-byte name: scramble it.
    damaged.fill(0xff, 49, 60);
    expect(detectType(damaged)).toMatchObject({ accepted: false });
  });

  it('refuses programs, whatever they are called, and says what they are', () => {
    expect(detectType(exeBytes())).toEqual({ accepted: false, what: 'a Windows program' });
    expect(detectType(elfBytes())).toEqual({ accepted: false, what: 'a Linux program' });
    expect(detectType(Buffer.from('#!/bin/sh\nrm -rf /\n'))).toEqual({ accepted: false, what: 'a script' });
  });

  it('refuses text, a plain zip, a zip with Office files of neither kind, and macros', () => {
    expect(detectType(Buffer.from('just some text %PDF-1.4'))).toMatchObject({ accepted: false });
    expect(detectType(zipOf({ 'notes.txt': 'hi' }))).toEqual({ accepted: false, what: 'a zip archive' });
    expect(detectType(zipOf({ '[Content_Types].xml': TYPES, 'ppt/presentation.xml': '<p/>' }))).toMatchObject({
      accepted: false,
    });
    expect(
      detectType(zipOf({ '[Content_Types].xml': TYPES, 'word/document.xml': '<d/>', 'xl/workbook.xml': '<w/>' })),
    ).toMatchObject({
      accepted: false,
    });
    expect(
      detectType(zipOf({ '[Content_Types].xml': TYPES, 'word/document.xml': '<d/>', 'word/vbaProject.bin': 'code' })),
    ).toEqual({
      accepted: false,
      what: 'an Office file with macros',
    });
  });

  it('refuses a zip whose directory is cut off or lies about its size, without throwing', () => {
    const whole = docxBytes();
    expect(detectType(whole.subarray(0, whole.length - 30))).toEqual({
      accepted: false,
      what: 'a damaged or unreadable zip archive',
    });
    const lying = Buffer.from(whole);
    // The end record's entry count, now far more than the directory holds.
    lying.writeUInt16LE(500, lying.length - 12);
    expect(zipEntryNames(lying)).toBeNull();
    expect(detectType(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toMatchObject({ accepted: false });
  });

  it('refuses an empty buffer', () => {
    expect(detectType(Buffer.alloc(0))).toMatchObject({ accepted: false });
  });
});
