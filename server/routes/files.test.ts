/**
 * Files on orders and claims (specification §7 Files), through the real server with real
 * multipart bodies: what is stored is exactly what was sent, the type is decided by content, a
 * refused request stores nothing, and nobody but the owner or an underwriter reaches a file.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  deletedFilesSchema,
  fileSummaryListSchema,
  fileSummarySchema,
  MAX_FILE_BYTES,
  MAX_FILES_PER_UPLOAD,
  MAX_UPLOAD_BYTES,
  type FileSummary,
} from '@shared/contract/files';
import { TestClock } from '@server/clock';
import type { Transaction } from '@server/db/connection';
import { auditLog, claims, files, submissionEvents, submissions, users } from '@server/db/schema';
import {
  docxBytes,
  elfBytes,
  exeBytes,
  jpegBytes,
  multipartOf,
  pdfBytes,
  pngBytes,
  xlsxBytes,
  zipOf,
} from '@server/files/test-files';
import { lockWaiters, newInsured, quotedOrder, whileLocked, type Insured } from '@server/test/account-helpers';
import { expectError } from '@server/test/expect-error';
import { setupTestApp } from '@server/test/test-app';

const clock = new TestClock();
const t = setupTestApp({ clock });
const app = () => t.app;

type Sent = { name: string; bytes: Buffer; field?: string; type?: string };

async function upload(
  user: Insured | null,
  fields: Record<string, string>,
  sent: Sent[],
  headers: Record<string, string> = {},
) {
  const { payload, headers: multipart } = await multipartOf(fields, sent);
  return app().inject({
    method: 'POST',
    url: '/api/weborder/files/uploadfilebymodule',
    headers: { ...multipart, ...(user ? { authorization: `Bearer ${user.token}` } : {}), ...headers },
    payload,
  });
}

async function uploaded(user: Insured, module: string, moduleId: number, sent: Sent[]): Promise<FileSummary[]> {
  const response = await upload(user, { module, moduleid: String(moduleId) }, sent);
  expect(response.statusCode, response.body).toBe(201);
  return v.parse(fileSummaryListSchema, response.json());
}

async function listed(user: Insured, moduleId: number, module = 'submission'): Promise<FileSummary[]> {
  const response = await user.call('GET', `files/getfilesbyitems/${moduleId}?module=${module}`);
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(fileSummaryListSchema, response.json());
}

const download = (user: Insured, id: number) => user.call('GET', `files/download/${id}`);

/** Every file row of a record, deleted ones included: what a refused request must not add to. */
async function storedRows(module: string, moduleId: number): Promise<number> {
  const [row] = await app()
    .db.select({ n: count() })
    .from(files)
    .where(and(eq(files.module, module), eq(files.moduleId, moduleId)));
  return row!.n;
}

async function setStatus(submissionId: number, status: typeof submissions.$inferSelect.status) {
  await app().db.update(submissions).set({ status }).where(eq(submissions.id, submissionId));
}

async function claimOf(user: Insured): Promise<number> {
  const [claim] = await app()
    .db.insert(claims)
    .values({ userId: user.userId, description: 'A crown failed after two weeks.' })
    .returning({ id: claims.id });
  return claim!.id;
}

/** A real PDF of exactly `size` bytes (its head, then padding). */
const pdfOfSize = (size: number, text = 'sized') =>
  Buffer.concat([pdfBytes(text), Buffer.alloc(size - pdfBytes(text).length, 0x20)]);

async function orderNow(submissionId: number) {
  const [row] = await app()
    .db.select({ status: submissions.status, version: submissions.version })
    .from(submissions)
    .where(eq(submissions.id, submissionId));
  return row!;
}

/** The order's `files` history events, oldest first. */
async function fileEvents(submissionId: number) {
  return app()
    .db.select()
    .from(submissionEvents)
    .where(and(eq(submissionEvents.submissionId, submissionId), eq(submissionEvents.event, 'files')))
    .orderBy(asc(submissionEvents.id));
}

let insured: Insured;
let stranger: Insured;
let underwriter: Insured;
let orderId: number;

beforeAll(async () => {
  insured = await newInsured(app);
  stranger = await newInsured(app);
  underwriter = await newInsured(app);
  await app().db.update(users).set({ role: 'underwriter' }).where(eq(users.id, underwriter.userId));
  orderId = (await quotedOrder(app, insured)).submissionId;
});

describe('POST files/uploadfilebymodule, GET getfilesbyitems and download', () => {
  it('stores what was sent and gives the same bytes back, typed by content and safely named', async () => {
    const sent: Sent[] = [
      { name: 'licence.pdf', bytes: pdfBytes('licence') },
      { name: 'C:\\Users\\pat\\scan.pdf', bytes: pngBytes(), type: 'application/pdf' },
      { name: 'photo.jpeg', bytes: jpegBytes() },
      { name: 'Résumé.docx', bytes: docxBytes() },
      { name: 'figures', bytes: xlsxBytes() },
    ];
    const stored = await uploaded(insured, 'submission', orderId, sent);
    expect(
      stored.map(({ filename, mime, size, module, moduleId, uploadedBy }) => ({
        filename,
        mime,
        size,
        module,
        moduleId,
        uploadedBy,
      })),
    ).toEqual([
      {
        filename: 'licence.pdf',
        mime: 'application/pdf',
        size: sent[0]!.bytes.length,
        module: 'submission',
        moduleId: orderId,
        uploadedBy: 'insured',
      },
      {
        filename: 'scan.png',
        mime: 'image/png',
        size: sent[1]!.bytes.length,
        module: 'submission',
        moduleId: orderId,
        uploadedBy: 'insured',
      },
      {
        filename: 'photo.jpeg',
        mime: 'image/jpeg',
        size: sent[2]!.bytes.length,
        module: 'submission',
        moduleId: orderId,
        uploadedBy: 'insured',
      },
      {
        filename: 'Résumé.docx',
        mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        size: sent[3]!.bytes.length,
        module: 'submission',
        moduleId: orderId,
        uploadedBy: 'insured',
      },
      {
        filename: 'figures.xlsx',
        mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        size: sent[4]!.bytes.length,
        module: 'submission',
        moduleId: orderId,
        uploadedBy: 'insured',
      },
    ]);
    expect(await listed(insured, orderId)).toEqual(stored);

    for (const [index, file] of stored.entries()) {
      const response = await download(insured, file.id);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(sent[index]!.bytes)).toBe(true);
      expect(response.headers['content-type']).toBe(file.mime);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('private, no-store');
    }
    const resume = await download(insured, stored[3]!.id);
    expect(resume.headers['content-disposition']).toBe(
      `attachment; filename="Resume.docx"; filename*=UTF-8''R%C3%A9sum%C3%A9.docx`,
    );
  });

  it('refuses an executable renamed .pdf (415 naming files) and stores nothing of the request', async () => {
    const order = (await quotedOrder(app, insured)).submissionId;
    const response = await upload(insured, { module: 'submission', moduleid: String(order) }, [
      { name: 'fine.pdf', bytes: pdfBytes() },
      { name: 'invoice.pdf', bytes: exeBytes(), type: 'application/pdf' },
    ]);
    const body = expectError(response, 415);
    expect(body.fields?.files).toContain('invoice.pdf');
    expect(body.fields?.files).toContain('a Windows program');
    expect(body.fields?.files).toContain('PDF');
    expect(await storedRows('submission', order)).toBe(0);

    for (const [name, bytes] of [
      ['tool.pdf', elfBytes()],
      ['archive.docx', zipOf({ 'a.txt': 'hi' })],
      // A program in a zip with an empty word/ folder is not a Word document.
      [
        'invoice.exe',
        zipOf({ '[Content_Types].xml': '', 'word/': '', 'invoice.exe': exeBytes(), 'run.js': 'alert(1)' }),
      ],
      ['notes.pdf', Buffer.from('plain text, not a PDF')],
    ] as const) {
      const refused = await upload(insured, { module: 'submission', moduleid: String(order) }, [{ name, bytes }]);
      expect(expectError(refused, 415).fields?.files).toContain(name);
    }
    expect(await storedRows('submission', order)).toBe(0);
  });

  it(`refuses a file over ${MAX_FILE_BYTES} bytes with a 413 naming files, storing none of the request; ${MAX_FILE_BYTES} itself is fine`, async () => {
    const order = (await quotedOrder(app, insured)).submissionId;
    const big = Buffer.concat([pdfBytes(), Buffer.alloc(MAX_FILE_BYTES + 1 - pdfBytes().length, 0x20)]);
    const response = await upload(insured, { module: 'submission', moduleid: String(order) }, [
      { name: 'small.pdf', bytes: pdfBytes() },
      { name: 'big.pdf', bytes: big },
    ]);
    expect(expectError(response, 413).fields?.files).toContain('big.pdf');
    expect(await storedRows('submission', order)).toBe(0);

    const [exact] = await uploaded(insured, 'submission', order, [
      { name: 'exact.pdf', bytes: big.subarray(0, MAX_FILE_BYTES) },
    ]);
    expect(exact!.size).toBe(MAX_FILE_BYTES);
  });

  it(`refuses an upload over ${MAX_UPLOAD_BYTES} bytes in all with a 413 naming files, storing none of it, though each file is within its own limit`, async () => {
    const order = (await quotedOrder(app, insured)).submissionId;
    const rest = MAX_UPLOAD_BYTES - 2 * MAX_FILE_BYTES;
    const sizes = [MAX_FILE_BYTES, MAX_FILE_BYTES, rest + 1];
    expect(sizes.every((size) => size <= MAX_FILE_BYTES)).toBe(true);
    const response = await upload(
      insured,
      { module: 'submission', moduleid: String(order) },
      sizes.map((size, index) => ({ name: `part${index}.pdf`, bytes: pdfOfSize(size, String(index)) })),
    );
    const body = expectError(response, 413);
    expect(body.fields?.files).toContain(`${MAX_UPLOAD_BYTES / (1024 * 1024)} MB`);
    expect(body.message).toContain('nothing was stored');
    expect(await storedRows('submission', order)).toBe(0);
  });

  it(`refuses more than ${MAX_FILES_PER_UPLOAD} files, and empty ones`, async () => {
    const order = (await quotedOrder(app, insured)).submissionId;
    const many = Array.from({ length: MAX_FILES_PER_UPLOAD + 1 }, (_, index) => ({
      name: `f${index}.pdf`,
      bytes: pdfBytes(String(index)),
    }));
    const tooMany = await upload(insured, { module: 'submission', moduleid: String(order) }, many);
    expect(expectError(tooMany, 400).fields).toHaveProperty('files');
    const empty = await upload(insured, { module: 'submission', moduleid: String(order) }, [
      { name: 'empty.pdf', bytes: Buffer.alloc(0) },
    ]);
    expect(expectError(empty, 400).fields?.files).toContain('empty.pdf');
    expect(await storedRows('submission', order)).toBe(0);
  });

  it('answers bad input with a 400 naming the field', async () => {
    const file = [{ name: 'a.pdf', bytes: pdfBytes() }];
    const id = String(orderId);
    expect(expectError(await upload(insured, { moduleid: id }, file), 400).fields).toHaveProperty('module');
    expect(expectError(await upload(insured, { module: 'policy', moduleid: id }, file), 400).fields).toHaveProperty(
      'module',
    );
    expect(
      expectError(await upload(insured, { module: 'submission', moduleid: 'abc' }, file), 400).fields,
    ).toHaveProperty('moduleid');
    expect(expectError(await upload(insured, { module: 'submission' }, file), 400).fields).toHaveProperty('moduleid');
    expect(expectError(await upload(insured, { module: 'submission', moduleid: id }, []), 400).fields).toHaveProperty(
      'files',
    );
    expect(
      expectError(await upload(insured, { module: 'submission', moduleid: id, note: 'x' }, file), 400).fields,
    ).toHaveProperty('note');
    expect(
      expectError(await upload(insured, { module: 'submission', moduleid: id }, [{ ...file[0]!, field: 'file' }]), 400)
        .fields,
    ).toHaveProperty('file');
    const json = await insured.call('POST', 'files/uploadfilebymodule', { module: 'submission', moduleid: orderId });
    expect(expectError(json, 415).fields).toHaveProperty('body');
    const badKey = await upload(insured, { module: 'submission', moduleid: id }, file, { 'idempotency-key': 'short' });
    expect(expectError(badKey, 400).fields).toHaveProperty('Idempotency-Key');
  });

  it('asks for the fields before the files when a file comes first', async () => {
    const response = await app().inject({
      method: 'POST',
      url: '/api/weborder/files/uploadfilebymodule',
      headers: { authorization: `Bearer ${insured.token}`, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload:
        '--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\n\r\n%PDF-1.4\r\n' +
        '--xyz\r\nContent-Disposition: form-data; name="module"\r\n\r\nsubmission\r\n' +
        `--xyz\r\nContent-Disposition: form-data; name="moduleid"\r\n\r\n${orderId}\r\n--xyz--\r\n`,
    });
    const body = expectError(response, 400);
    expect(body.fields).toMatchObject({ module: 'is required', moduleid: 'is required' });
    expect(body.message).toContain('before the files');
  });

  it('refuses a body that is not readable multipart with a 400, not a 500', async () => {
    const before = await storedRows('submission', orderId);
    const response = await app().inject({
      method: 'POST',
      url: '/api/weborder/files/uploadfilebymodule',
      headers: { authorization: `Bearer ${insured.token}`, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload:
        '--xyz\r\nContent-Disposition: form-data; name="module"\r\n\r\nsubmission\r\n' +
        `--xyz\r\nContent-Disposition: form-data; name="moduleid"\r\n\r\n${orderId}\r\n` +
        '--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\n\r\n%PDF-1.4 cut',
    });
    expect(expectError(response, 400).fields).toHaveProperty('body');
    expect(await storedRows('submission', orderId)).toBe(before);
  });

  it('answers a retried upload (same Idempotency-Key) with the first files and stores nothing new', async () => {
    const order = (await quotedOrder(app, insured)).submissionId;
    const key = 'upload-key-0001';
    const sent = [{ name: 'a.pdf', bytes: pdfBytes('retry') }];
    const first = await upload(insured, { module: 'submission', moduleid: String(order) }, sent, {
      'idempotency-key': key,
    });
    expect(first.statusCode, first.body).toBe(201);
    const again = await upload(insured, { module: 'submission', moduleid: String(order) }, sent, {
      'idempotency-key': key,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await storedRows('submission', order)).toBe(1);

    const other = await upload(
      insured,
      { module: 'submission', moduleid: String(order) },
      [{ name: 'b.pdf', bytes: pdfBytes('other') }],
      { 'idempotency-key': key },
    );
    expect(expectError(other, 422).fields).toHaveProperty('Idempotency-Key');
    // Another insured's same key is theirs alone.
    const theirs = await quotedOrder(app, stranger);
    const strangers = await upload(stranger, { module: 'submission', moduleid: String(theirs.submissionId) }, sent, {
      'idempotency-key': key,
    });
    expect(strangers.statusCode, strangers.body).toBe(201);
    expect(await storedRows('submission', order)).toBe(1);
  });

  it('answers a retried upload after the order closed with the first answer, not a 409 (same Idempotency-Key)', async () => {
    const order = (await quotedOrder(app, insured)).submissionId;
    const key = 'upload-key-closed-0001';
    const sent = [{ name: 'a.pdf', bytes: pdfBytes('before closing') }];
    const first = await upload(insured, { module: 'submission', moduleid: String(order) }, sent, {
      'idempotency-key': key,
    });
    expect(first.statusCode, first.body).toBe(201);
    await setStatus(order, 'declined');

    const again = await upload(insured, { module: 'submission', moduleid: String(order) }, sent, {
      'idempotency-key': key,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    // The key with other files is still a reused key, whatever the order's status.
    const other = await upload(
      insured,
      { module: 'submission', moduleid: String(order) },
      [{ name: 'b.pdf', bytes: pdfBytes('b') }],
      { 'idempotency-key': key },
    );
    expect(expectError(other, 422).fields).toHaveProperty('Idempotency-Key');
    // A new upload to the closed order is refused as before.
    const fresh = await upload(insured, { module: 'submission', moduleid: String(order) }, sent, {
      'idempotency-key': 'upload-key-closed-0002',
    });
    expect(expectError(fresh, 409).fields).toEqual({ status: 'is declined' });
    expect(await storedRows('submission', order)).toBe(1);
  });

  it('stores one upload for two retries arriving together', async () => {
    const order = (await quotedOrder(app, insured)).submissionId;
    const sent = [{ name: 'a.pdf', bytes: pdfBytes('together') }];
    const headers = { 'idempotency-key': 'upload-key-0002' };
    const answers = await Promise.all(
      [0, 1].map(() => upload(insured, { module: 'submission', moduleid: String(order) }, sent, headers)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect(answers[0]!.json()).toEqual(answers[1]!.json());
    expect(await storedRows('submission', order)).toBe(1);
  });

  it('attaches files to a claim of the insured’s', async () => {
    const claimId = await claimOf(insured);
    const stored = await uploaded(insured, 'claim', claimId, [{ name: 'photo.jpg', bytes: jpegBytes() }]);
    expect(stored).toEqual([expect.objectContaining({ module: 'claim', moduleId: claimId, filename: 'photo.jpg' })]);
    expect(await listed(insured, claimId, 'claim')).toEqual(stored);
    // The same number as an order's id lists that order's files, not the claim's.
    expect((await listed(insured, orderId)).map((file) => file.id)).not.toContain(stored[0]!.id);
  });
});

describe('the order lifecycle', () => {
  it('records an insured’s upload to a missing_info order as order.supplyItems, in the same transaction', async () => {
    const order = (await quotedOrder(app, insured)).submissionId;
    await setStatus(order, 'missing_info');
    const [before] = await app()
      .db.select({ version: submissions.version })
      .from(submissions)
      .where(eq(submissions.id, order));
    const stored = await uploaded(insured, 'submission', order, [
      { name: 'a.pdf', bytes: pdfBytes('a') },
      { name: 'b.png', bytes: pngBytes() },
    ]);

    const [after] = await app()
      .db.select({ status: submissions.status, version: submissions.version })
      .from(submissions)
      .where(eq(submissions.id, order));
    expect(after).toEqual({ status: 'missing_info', version: before!.version + 1 });
    const events = await app()
      .db.select()
      .from(submissionEvents)
      .where(and(eq(submissionEvents.submissionId, order), eq(submissionEvents.event, 'order.supplyItems')));
    expect(events).toEqual([
      expect.objectContaining({
        actor: 'insured',
        actorUserId: insured.userId,
        fromStatus: 'missing_info',
        toStatus: 'missing_info',
        data: { fileIds: stored.map((file) => file.id) },
      }),
    ]);
  });

  it('stores both of two uploads arriving together on a missing_info order, each recorded', async () => {
    const order = (await quotedOrder(app, insured)).submissionId;
    await setStatus(order, 'missing_info');
    const answers = await Promise.all(
      ['a', 'b'].map((name) =>
        upload(insured, { module: 'submission', moduleid: String(order) }, [
          { name: `${name}.pdf`, bytes: pdfBytes(name) },
        ]),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const events = await app()
      .db.select()
      .from(submissionEvents)
      .where(and(eq(submissionEvents.submissionId, order), eq(submissionEvents.event, 'order.supplyItems')));
    expect(events).toHaveLength(2);
    expect(await listed(insured, order)).toHaveLength(2);
  });

  it('records no order.supplyItems for an upload to a quoted order, nor for an underwriter’s upload', async () => {
    const order = (await quotedOrder(app, insured)).submissionId;
    await uploaded(insured, 'submission', order, [{ name: 'a.pdf', bytes: pdfBytes() }]);
    await setStatus(order, 'incomplete');
    await uploaded(underwriter, 'submission', order, [{ name: 'b.pdf', bytes: pdfBytes() }]);
    const events = await app()
      .db.select()
      .from(submissionEvents)
      .where(and(eq(submissionEvents.submissionId, order), eq(submissionEvents.event, 'order.supplyItems')));
    expect(events).toEqual([]);
  });

  it('lets an insured change an order’s files only while it is open (409 naming the status); an underwriter any time', async () => {
    const order = (await quotedOrder(app, insured)).submissionId;
    const [file] = await uploaded(insured, 'submission', order, [{ name: 'a.pdf', bytes: pdfBytes() }]);
    await setStatus(order, 'declined');
    const refused = await upload(insured, { module: 'submission', moduleid: String(order) }, [
      { name: 'b.pdf', bytes: pdfBytes() },
    ]);
    expect(expectError(refused, 409).fields).toEqual({ status: 'is declined' });
    const rename = await insured.call('PUT', `files/updatefile/${file!.id}`, { fileid: file!.id, filename: 'x.pdf' });
    expect(expectError(rename, 409).fields).toEqual({ status: 'is declined' });
    const remove = await insured.call('PUT', 'files/deletefilesbymodule', { deleteIds: [file!.id], moduleid: order });
    expect(expectError(remove, 409).fields).toEqual({ status: 'is declined' });
    expect(await storedRows('submission', order)).toBe(1);

    const [theirs] = await uploaded(underwriter, 'submission', order, [{ name: 'letter.pdf', bytes: pdfBytes() }]);
    expect(theirs!.uploadedBy).toBe('underwriter');
    // Reading stays open to the owner.
    expect((await listed(insured, order)).map((each) => each.id)).toEqual([file!.id, theirs!.id]);
  });
});

describe('who reaches files', () => {
  it('answers another insured’s order, claim and file ids with the same 404 on every route', async () => {
    const [file] = await uploaded(insured, 'submission', orderId, [{ name: 'mine.pdf', bytes: pdfBytes('mine') }]);
    const claimId = await claimOf(insured);
    const [claimFile] = await uploaded(insured, 'claim', claimId, [{ name: 'claim.pdf', bytes: pdfBytes('claim') }]);
    const missing = 2_000_000_000;
    const theirOrder = (await quotedOrder(app, stranger)).submissionId;
    const [theirFile] = await uploaded(stranger, 'submission', theirOrder, [
      { name: 'theirs.pdf', bytes: pdfBytes('theirs') },
    ]);

    for (const [module, id] of [
      ['submission', orderId],
      ['claim', claimId],
      ['submission', missing],
    ] as const) {
      const attempt = await upload(stranger, { module, moduleid: String(id) }, [{ name: 'x.pdf', bytes: pdfBytes() }]);
      expect(expectError(attempt, 404).message).toBe('No such record (or it is not yours)');
      expect(expectError(await stranger.call('GET', `files/getfilesbyitems/${id}?module=${module}`), 404).message).toBe(
        'No such record (or it is not yours)',
      );
      const remove = await stranger.call('PUT', 'files/deletefilesbymodule', {
        deleteIds: [file!.id],
        moduleid: id,
        module,
      });
      expect(expectError(remove, 404).message).toBe('No such record (or it is not yours)');
    }
    for (const id of [file!.id, claimFile!.id, missing]) {
      expect(expectError(await download(stranger, id), 404).message).toBe('No such file (or it is not yours)');
      const rename = await stranger.call('PUT', `files/updatefile/${id}`, { fileid: id, filename: 'stolen.pdf' });
      expect(expectError(rename, 404).message).toBe('No such file (or it is not yours)');
    }
    // Their file named on my own order: not a file of that record, nothing deleted.
    const mixed = await insured.call('PUT', 'files/deletefilesbymodule', {
      deleteIds: [file!.id, theirFile!.id],
      moduleid: orderId,
    });
    expect(expectError(mixed, 404).fields).toEqual({ deleteIds: `not a file of this record: ${theirFile!.id}` });
    expect((await listed(insured, orderId)).map((each) => each.id)).toContain(file!.id);
    expect((await listed(stranger, theirOrder)).map((each) => each.id)).toEqual([theirFile!.id]);
    expect(await download(insured, file!.id).then((response) => response.statusCode)).toBe(200);
  });

  it('lets an underwriter list and download an insured’s files', async () => {
    const sent = pdfBytes('for the underwriter');
    const [file] = await uploaded(insured, 'submission', orderId, [{ name: 'review.pdf', bytes: sent }]);
    expect((await listed(underwriter, orderId)).map((each) => each.id)).toContain(file!.id);
    const response = await download(underwriter, file!.id);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(sent)).toBe(true);

    const claimId = await claimOf(insured);
    const [claimFile] = await uploaded(insured, 'claim', claimId, [{ name: 'c.png', bytes: pngBytes() }]);
    expect(await listed(underwriter, claimId, 'claim')).toEqual([claimFile]);
  });

  it('answers 401 without a token on every route', async () => {
    const unsigned = await upload(null, { module: 'submission', moduleid: String(orderId) }, [
      { name: 'a.pdf', bytes: pdfBytes() },
    ]);
    expect(unsigned.statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', 'files/download/1'],
      ['GET', `files/getfilesbyitems/${orderId}`],
      ['PUT', 'files/updatefile/1'],
      ['PUT', 'files/deletefilesbymodule'],
    ] as const) {
      const response = await app().inject({
        method,
        url: `/api/weborder/${url}`,
        payload: method === 'PUT' ? {} : undefined,
      });
      expectError(response, 401);
    }
  });
});

describe('PUT files/updatefile and deletefilesbymodule', () => {
  it('renames with a sanitised name that keeps the real type’s extension', async () => {
    const [file] = await uploaded(insured, 'submission', orderId, [{ name: 'scan.pdf', bytes: pdfBytes() }]);
    const response = await insured.call(
      'PUT',
      `files/updatefile/${file!.id}`,
      { fileid: String(file!.id), filename: '..\\..\\evil\u202Efdp.exe' },
      { form: true },
    );
    expect(response.statusCode, response.body).toBe(200);
    const renamed = v.parse(fileSummarySchema, response.json());
    expect(renamed).toEqual({ ...file, filename: 'evilfdp.pdf' });
    expect((await listed(insured, orderId)).find((each) => each.id === file!.id)?.filename).toBe('evilfdp.pdf');
    expect((await download(insured, file!.id)).headers['content-disposition']).toContain('filename="evilfdp.pdf"');

    const mismatch = await insured.call('PUT', `files/updatefile/${file!.id}`, {
      fileid: file!.id + 1,
      filename: 'x.pdf',
    });
    expect(expectError(mismatch, 400).fields).toHaveProperty('fileid');
    const empty = await insured.call('PUT', `files/updatefile/${file!.id}`, { fileid: file!.id, filename: '   ' });
    expect(expectError(empty, 400).fields).toHaveProperty('filename');
  });

  it('deletes softly: hidden from list and download, the row kept with who and when', async () => {
    const order = (await quotedOrder(app, insured)).submissionId;
    const [keep, drop] = await uploaded(insured, 'submission', order, [
      { name: 'keep.pdf', bytes: pdfBytes('k') },
      { name: 'drop.pdf', bytes: pdfBytes('d') },
    ]);
    const response = await insured.call('PUT', 'files/deletefilesbymodule', {
      deleteIds: [drop!.id, drop!.id],
      moduleid: String(order),
      module: 'submission',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(v.parse(deletedFilesSchema, response.json())).toEqual({ deletedIds: [drop!.id] });

    expect(await listed(insured, order)).toEqual([keep]);
    expect(expectError(await download(insured, drop!.id), 404).message).toBe('No such file (or it is not yours)');
    expect(expectError(await download(underwriter, drop!.id), 404).status).toBe(404);
    const [row] = await app()
      .db.select({ deletedAt: files.deletedAt, deletedBy: files.deletedBy })
      .from(files)
      .where(eq(files.id, drop!.id));
    expect(row?.deletedBy).toBe(insured.userId);
    expect(row?.deletedAt).toBeInstanceOf(Date);

    // The same delete again (a retry after a lost answer): the same answer, nothing written again.
    const retry = await insured.call('PUT', 'files/deletefilesbymodule', { deleteIds: [drop!.id], moduleid: order });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(v.parse(deletedFilesSchema, retry.json())).toEqual({ deletedIds: [drop!.id] });
    const [still] = await app().db.select({ deletedAt: files.deletedAt }).from(files).where(eq(files.id, drop!.id));
    expect(still?.deletedAt).toEqual(row?.deletedAt);
    expect(await listed(insured, order)).toEqual([keep]);
    const rename = await insured.call('PUT', `files/updatefile/${drop!.id}`, {
      fileid: drop!.id,
      filename: 'back.pdf',
    });
    expectError(rename, 404);
  });

  it('takes the delete as a form too (deleteIds repeated or comma-separated), as the specification sends it', async () => {
    const order = (await quotedOrder(app, insured)).submissionId;
    const [a, b, c, d, e] = await uploaded(
      insured,
      'submission',
      order,
      ['a', 'b', 'c', 'd', 'e'].map((name) => ({ name: `${name}.pdf`, bytes: pdfBytes(name) })),
    );
    const repeated = await insured.call(
      'PUT',
      'files/deletefilesbymodule',
      { deleteIds: [a!.id, b!.id], moduleid: order },
      { form: true },
    );
    expect(repeated.statusCode, repeated.body).toBe(200);
    expect(repeated.json()).toEqual({ deletedIds: [a!.id, b!.id] });
    const single = await insured.call(
      'PUT',
      'files/deletefilesbymodule',
      { deleteIds: `${c!.id}`, moduleid: order },
      { form: true },
    );
    expect(single.json()).toEqual({ deletedIds: [c!.id] });
    const commas = await insured.call(
      'PUT',
      'files/deletefilesbymodule',
      { deleteIds: `${e!.id},${d!.id}`, moduleid: order },
      { form: true },
    );
    expect(commas.json()).toEqual({ deletedIds: [d!.id, e!.id] });
    expect(await listed(insured, order)).toEqual([]);
    const bad = await insured.call(
      'PUT',
      'files/deletefilesbymodule',
      { deleteIds: '1,x', moduleid: order },
      { form: true },
    );
    expect(expectError(bad, 400).fields).toHaveProperty('deleteIds');
    const none = await insured.call('PUT', 'files/deletefilesbymodule', { deleteIds: [], moduleid: order });
    expect(expectError(none, 400).fields).toHaveProperty('deleteIds');
  });

  it('lets an underwriter delete, recording the underwriter', async () => {
    const order = (await quotedOrder(app, insured)).submissionId;
    const [file] = await uploaded(insured, 'submission', order, [{ name: 'a.pdf', bytes: pdfBytes() }]);
    const response = await underwriter.call('PUT', 'files/deletefilesbymodule', {
      deleteIds: [file!.id],
      moduleid: order,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await app().db.select({ deletedBy: files.deletedBy }).from(files).where(eq(files.id, file!.id));
    expect(row?.deletedBy).toBe(underwriter.userId);
  });

  it('keeps an audit row of each upload', async () => {
    const order = (await quotedOrder(app, insured)).submissionId;
    const stored = await uploaded(insured, 'submission', order, [{ name: 'a.pdf', bytes: pdfBytes() }]);
    const rows = await app()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'files'), eq(auditLog.entityId, `submission:${order}`)));
    expect(rows).toEqual([
      expect.objectContaining({
        actorUserId: insured.userId,
        action: 'upload',
        data: expect.objectContaining({ fileIds: stored.map((file) => file.id) }),
      }),
    ]);
  });
});

describe('file changes in the order’s history', () => {
  it('records an upload, a rename and a delete after buy now as a `files` event: status unchanged, version bumped, by whom, which files', async () => {
    const order = (await quotedOrder(app, insured)).submissionId;
    // Before buy now the quote's version guards the insured's own edits: files leave it alone.
    const quotedVersion = (await orderNow(order)).version;
    const [early] = await uploaded(insured, 'submission', order, [{ name: 'early.pdf', bytes: pdfBytes('early') }]);
    expect(await orderNow(order)).toEqual({ status: 'quoted', version: quotedVersion });

    await setStatus(order, 'underwriter_review');
    const start = (await orderNow(order)).version;
    const [added] = await uploaded(insured, 'submission', order, [{ name: 'added.pdf', bytes: pdfBytes('added') }]);
    const rename = await insured.call('PUT', `files/updatefile/${early!.id}`, {
      fileid: early!.id,
      filename: 'renamed.pdf',
    });
    expect(rename.statusCode, rename.body).toBe(200);
    // The same name again changes nothing, so it records nothing.
    const same = await insured.call('PUT', `files/updatefile/${early!.id}`, {
      fileid: early!.id,
      filename: 'renamed.pdf',
    });
    expect(same.json()).toEqual(rename.json());
    const remove = await underwriter.call('PUT', 'files/deletefilesbymodule', {
      deleteIds: [added!.id],
      moduleid: order,
    });
    expect(remove.statusCode, remove.body).toBe(200);

    expect(await orderNow(order)).toEqual({ status: 'underwriter_review', version: start + 3 });
    const events = await fileEvents(order);
    expect(
      events.map(({ actor, actorUserId, fromStatus, toStatus, data }) => ({
        actor,
        actorUserId,
        fromStatus,
        toStatus,
        data,
      })),
    ).toEqual([
      {
        actor: 'insured',
        actorUserId: insured.userId,
        fromStatus: 'underwriter_review',
        toStatus: 'underwriter_review',
        data: { fileIds: [added!.id] },
      },
      {
        actor: 'insured',
        actorUserId: insured.userId,
        fromStatus: 'underwriter_review',
        toStatus: 'underwriter_review',
        data: { renamed: [early!.id] },
      },
      {
        actor: 'underwriter',
        actorUserId: underwriter.userId,
        fromStatus: 'underwriter_review',
        toStatus: 'underwriter_review',
        data: { deleted: [added!.id] },
      },
    ]);
    // The order's history, as both screens read it, lists them.
    const details = await insured.call('GET', `insured/orderdetails?submissionid=${order}`);
    expect(details.statusCode, details.body).toBe(200);
    const history = (details.json() as { history: { event: string; actor: string }[] }).history;
    expect(history.filter((entry) => entry.event === 'files').map((entry) => entry.actor)).toEqual([
      'insured',
      'insured',
      'underwriter',
    ]);
  });

  it('holds an underwriter to the insured’s rules on an order of their own: no upload once it is closed, and their files are the insured’s', async () => {
    const own = (await quotedOrder(app, underwriter)).submissionId;
    const [mine] = await uploaded(underwriter, 'submission', own, [{ name: 'own.pdf', bytes: pdfBytes('own') }]);
    expect(mine!.uploadedBy).toBe('insured');
    await setStatus(own, 'declined');
    const late = await upload(underwriter, { module: 'submission', moduleid: String(own) }, [
      { name: 'letter.pdf', bytes: pdfBytes('late') },
    ]);
    expect(expectError(late, 409).fields).toEqual({ status: 'is declined' });
    expect(await storedRows('submission', own)).toBe(1);
    // Another insured's order stays the desk's: the same underwriter's file there is the underwriter's.
    const theirs = (await quotedOrder(app, insured)).submissionId;
    const [letter] = await uploaded(underwriter, 'submission', theirs, [
      { name: 'review.pdf', bytes: pdfBytes('desk') },
    ]);
    expect(letter!.uploadedBy).toBe('underwriter');
  });

  it('makes an underwriter’s decision sent with the version reviewed a 409 naming version once files changed meanwhile', async () => {
    const order = (await quotedOrder(app, insured)).submissionId;
    const [file] = await uploaded(insured, 'submission', order, [{ name: 'a.pdf', bytes: pdfBytes('reviewed') }]);
    await setStatus(order, 'underwriter_review');
    const reviewed = (await orderNow(order)).version;

    const remove = await insured.call('PUT', 'files/deletefilesbymodule', { deleteIds: [file!.id], moduleid: order });
    expect(remove.statusCode, remove.body).toBe(200);
    const stale = await underwriter.call('POST', 'underwriting/approve', { submissionid: order, version: reviewed });
    expect(expectError(stale, 409).fields).toEqual({ version: `is ${reviewed + 1} now` });
    expect((await orderNow(order)).status).toBe('underwriter_review');

    const current = await underwriter.call('POST', 'underwriting/approve', {
      submissionid: order,
      version: reviewed + 1,
    });
    expect(current.statusCode, current.body).toBe(200);
    expect((await orderNow(order)).status).toBe('approved');
  });

  it('records an upload as `files` where the machine does not allow order.supplyItems, and as order.supplyItems where it does', async () => {
    const order = (await quotedOrder(app, insured)).submissionId;
    await setStatus(order, 'approved');
    const [afterApproval] = await uploaded(insured, 'submission', order, [
      { name: 'a.pdf', bytes: pdfBytes('approved') },
    ]);
    await setStatus(order, 'missing_info');
    await uploaded(insured, 'submission', order, [{ name: 'b.pdf', bytes: pdfBytes('missing') }]);
    const [byUnderwriter] = await uploaded(underwriter, 'submission', order, [
      { name: 'c.pdf', bytes: pdfBytes('underwriter') },
    ]);

    const events = await app()
      .db.select()
      .from(submissionEvents)
      .where(eq(submissionEvents.submissionId, order))
      .orderBy(asc(submissionEvents.id));
    expect(
      events
        .filter((event) => event.event === 'files' || event.event === 'order.supplyItems')
        .map(({ event, actor, toStatus }) => ({ event, actor, toStatus })),
    ).toEqual([
      { event: 'files', actor: 'insured', toStatus: 'approved' },
      { event: 'order.supplyItems', actor: 'insured', toStatus: 'missing_info' },
      { event: 'files', actor: 'underwriter', toStatus: 'missing_info' },
    ]);
    expect((await fileEvents(order)).map((event) => event.data)).toEqual([
      { fileIds: [afterApproval!.id] },
      { fileIds: [byUnderwriter!.id] },
    ]);
  });
});

describe('files the underwriter added', () => {
  it('refuses an insured’s rename or delete of one (403 naming nothing) and changes nothing; the underwriter changes any', async () => {
    const order = (await quotedOrder(app, insured)).submissionId;
    const [letter] = await uploaded(underwriter, 'submission', order, [
      { name: 'letter.pdf', bytes: pdfBytes('letter') },
    ]);
    const [mine] = await uploaded(insured, 'submission', order, [{ name: 'mine.pdf', bytes: pdfBytes('mine') }]);

    const rename = await insured.call('PUT', `files/updatefile/${letter!.id}`, {
      fileid: letter!.id,
      filename: 'mine-now.pdf',
    });
    const renameBody = expectError(rename, 403);
    expect(renameBody.message).toBe('You may not change a file the underwriter added');
    expect(renameBody.fields).toBeUndefined();
    const remove = await insured.call('PUT', 'files/deletefilesbymodule', {
      deleteIds: [mine!.id, letter!.id],
      moduleid: order,
    });
    const removeBody = expectError(remove, 403);
    expect(removeBody.message).toBe('You may not change a file the underwriter added');
    expect(removeBody.fields).toBeUndefined();
    // All or nothing: the insured's own file named beside it is still there, and the name unchanged.
    expect(await listed(insured, order)).toEqual([letter, mine]);

    const theirRename = await underwriter.call('PUT', `files/updatefile/${mine!.id}`, {
      fileid: mine!.id,
      filename: 'checked.pdf',
    });
    expect(theirRename.statusCode, theirRename.body).toBe(200);
    const theirDelete = await underwriter.call('PUT', 'files/deletefilesbymodule', {
      deleteIds: [letter!.id],
      moduleid: order,
    });
    expect(theirDelete.json()).toEqual({ deletedIds: [letter!.id] });
    const ownDelete = await insured.call('PUT', 'files/deletefilesbymodule', {
      deleteIds: [mine!.id],
      moduleid: order,
    });
    expect(ownDelete.json()).toEqual({ deletedIds: [mine!.id] });
    expect(await listed(insured, order)).toEqual([]);
  });
});

/**
 * Lock order and clock, on PostgreSQL: the test's own transaction holds a lock while requests
 * queue behind it. PGlite runs one transaction at a time, so there these only check the outcome.
 */
describe('locks and the clock', () => {
  it('takes the insured’s users row before the order on upload, rename and delete: all wait while the account is locked', async () => {
    const order = (await quotedOrder(app, insured)).submissionId;
    const [a, b] = await uploaded(insured, 'submission', order, [
      { name: 'a.pdf', bytes: pdfBytes('a') },
      { name: 'b.pdf', bytes: pdfBytes('b') },
    ]);
    await setStatus(order, 'underwriter_review');
    const start = (await orderNow(order)).version;
    let settled = 0;
    let calls: Promise<LightMyRequestResponse>[] = [];
    let held: Transaction | undefined;
    await whileLocked(
      app(),
      (tx) => {
        held = tx;
        // What lockOwner takes: it lets foreign-key checks through, so only a lock of the account waits.
        return tx.select({ id: users.id }).from(users).where(eq(users.id, insured.userId)).for('no key update');
      },
      async () => {
        calls = [
          upload(insured, { module: 'submission', moduleid: String(order) }, [{ name: 'c.pdf', bytes: pdfBytes('c') }]),
          insured.call('PUT', `files/updatefile/${a!.id}`, { fileid: a!.id, filename: 'a2.pdf' }),
          underwriter.call('PUT', 'files/deletefilesbymodule', { deleteIds: [b!.id], moduleid: order }),
        ].map((call) => call.finally(() => (settled += 1)));
        await lockWaiters(app(), 3);
        expect(settled).toBe(0);
        // None of them holds the order while it waits for the account.
        const free = await held!
          .select({ id: submissions.id })
          .from(submissions)
          .where(eq(submissions.id, order))
          .for('update', { noWait: true });
        expect(free).toEqual([{ id: order }]);
      },
    );
    const answers = await Promise.all(calls);
    expect(
      answers.map((answer) => answer.statusCode),
      answers.map((answer) => answer.body).join('\n'),
    ).toEqual([201, 200, 200]);
    // One after another, each with its history entry: no version race lost.
    expect((await orderNow(order)).version).toBe(start + 3);
    expect(await fileEvents(order)).toHaveLength(3);
  });

  it('reads the clock once the order is locked: an upload that waited is recorded after what it waited for', async () => {
    const order = (await quotedOrder(app, insured)).submissionId;
    await setStatus(order, 'missing_info');
    let call: Promise<LightMyRequestResponse> | undefined;
    let released = new Date(0);
    await whileLocked(
      app(),
      (tx) => tx.select({ id: submissions.id }).from(submissions).where(eq(submissions.id, order)).for('update'),
      async () => {
        call = upload(insured, { module: 'submission', moduleid: String(order) }, [
          { name: 'late.pdf', bytes: pdfBytes('late') },
        ]);
        await lockWaiters(app(), 1);
        clock.advance(60_000);
        released = clock.now();
      },
    );
    const answer = await call!;
    expect(answer.statusCode, answer.body).toBe(201);
    const [supplied] = await app()
      .db.select()
      .from(submissionEvents)
      .where(and(eq(submissionEvents.submissionId, order), eq(submissionEvents.event, 'order.supplyItems')));
    expect(supplied!.createdAt.getTime()).toBeGreaterThanOrEqual(released.getTime());
    const [stored] = v.parse(fileSummaryListSchema, answer.json());
    expect(Date.parse(stored!.uploadedAt)).toBeGreaterThanOrEqual(released.getTime());
  });
});

describe('the OpenAPI document', () => {
  type Operation = {
    requestBody?: {
      content: Record<
        string,
        { schema: { properties: Record<string, unknown>; required: string[] }; encoding?: Record<string, unknown> }
      >;
    };
    responses: Record<
      string,
      { content?: Record<string, { schema: Record<string, unknown> }>; headers?: Record<string, unknown> }
    >;
  };
  const document = async () =>
    (await app().inject({ method: 'GET', url: '/api/weborder/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };

  it('describes the upload as multipart with its fields and files, and downloads as bytes', async () => {
    const { paths } = await document();
    const uploadOperation = paths['/api/weborder/files/uploadfilebymodule']!.post!;
    const form = uploadOperation.requestBody!.content['multipart/form-data']!;
    expect(Object.keys(form.schema.properties)).toEqual(['module', 'moduleid', 'files']);
    expect(form.schema.required).toEqual(['module', 'moduleid', 'files']);
    expect(form.encoding).toHaveProperty('files');
    expect(Object.keys(uploadOperation.responses)).toEqual(expect.arrayContaining(['201', '409', '413', '415', '422']));

    const downloadOperation = paths['/api/weborder/files/download/{id}']!.get!;
    expect(Object.keys(downloadOperation.responses['200']!.content!)).toContain('application/pdf');
    expect(downloadOperation.responses['200']!.content!['image/png']!.schema).toMatchObject({
      type: 'string',
      contentMediaType: 'image/png',
    });
    expect(downloadOperation.responses['200']!.headers).toHaveProperty('Content-Disposition');

    const certificate = paths['/api/weborder/documents/certificateofinsurance']!.post!;
    expect(Object.keys(certificate.responses['200']!.content!)).toEqual(['application/pdf']);
  });
});
