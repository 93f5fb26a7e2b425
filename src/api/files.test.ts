// Node's own fetch, FormData and File (as in browsers): the multipart body is what a browser sends.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureApi } from '@/api/client';
import type { FileSummary } from '@shared/contract/files';
import { deleteFiles, downloadFile, filesOf, renameFile, uploadFiles } from '@/api/files';

/** A loopback server answering from a script, recording what arrived (raw bodies). */
type Answer = { status: number; body: unknown; type?: string };
let server: Server;
let script: Answer[] = [];
let received: { request: IncomingMessage; body: Buffer }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ request, body: Buffer.concat(chunks) });
      const answer = script.shift() ?? { status: 200, body: {} };
      const type = answer.type ?? 'application/json';
      response
        .writeHead(answer.status, { 'content-type': type })
        .end(Buffer.isBuffer(answer.body) ? answer.body : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureApi(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  script = [];
  received = [];
});

const summary: FileSummary = {
  id: 41,
  module: 'submission',
  moduleId: 7,
  filename: 'licence.pdf',
  mime: 'application/pdf',
  size: 9,
  uploadedAt: '2026-06-24T15:02:11.000Z',
  uploadedBy: 'insured',
};

describe('uploadFiles', () => {
  it('sends module, moduleid and each file as multipart/form-data, fields first, and parses the answer', async () => {
    script.push({ status: 201, body: [summary, { ...summary, id: 42, filename: 'scan.png', mime: 'image/png' }] });
    const pdf = new File(['%PDF-1.4\n'], 'licence.pdf', { type: 'application/pdf' });
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'scan.png', { type: 'image/png' });

    const stored = await uploadFiles('submission', 7, [pdf, png], 'upload-key-0001');

    expect(stored.map((file) => file.id)).toEqual([41, 42]);
    const [{ request, body }] = received as [(typeof received)[number]];
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/weborder/files/uploadfilebymodule');
    expect(request.headers['idempotency-key']).toBe('upload-key-0001');
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(request.headers['content-type'] ?? '')?.[1];
    expect(boundary).toBeTruthy();
    const text = body.toString('latin1');
    const names = [...text.matchAll(/Content-Disposition: form-data; name="([^"]+)"(?:; filename="([^"]+)")?/g)].map(
      (m) => [m[1], m[2]],
    );
    expect(names).toEqual([
      ['module', undefined],
      ['moduleid', undefined],
      ['files', 'licence.pdf'],
      ['files', 'scan.png'],
    ]);
    expect(text).toContain('\r\n\r\nsubmission\r\n');
    expect(text).toContain('\r\n\r\n7\r\n');
    expect(text).toContain('%PDF-1.4\n');
  });

  it('sends no Idempotency-Key without one, and refuses an answer that breaks the contract', async () => {
    script.push({ status: 201, body: [{ ...summary, uploadedBy: 'somebody' }] });
    await expect(uploadFiles('claim', 3, [new File(['x'], 'a.pdf')])).rejects.toThrow();
    expect(received[0]!.request.headers).not.toHaveProperty('idempotency-key');
  });

  it('rejects with the server’s message and fields on a refusal', async () => {
    script.push({
      status: 415,
      body: {
        status: 415,
        message: 'invoice.pdf is a Windows program.',
        fields: { files: 'invoice.pdf is a Windows program' },
      },
    });
    const failure = await uploadFiles('submission', 7, [new File(['MZ'], 'invoice.pdf')]).catch(
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({
      message: '415: invoice.pdf is a Windows program.',
      fields: { files: 'invoice.pdf is a Windows program' },
    });
  });
});

describe('the other calls', () => {
  it('filesOf asks for one record’s files by module', async () => {
    script.push({ status: 200, body: [summary] });
    expect(await filesOf('claim', 12)).toEqual([summary]);
    expect(received[0]!.request.url).toBe('/api/weborder/files/getfilesbyitems/12?module=claim');
  });

  it('downloadFile answers the bytes with their type', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
    script.push({ status: 200, body: bytes, type: 'image/png' });
    const blob = await downloadFile(42);
    expect(received[0]!.request.url).toBe('/api/weborder/files/download/42');
    expect(blob.type).toBe('image/png');
    expect(Buffer.from(await blob.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('renameFile sends fileid and filename to the file’s own path', async () => {
    script.push({ status: 200, body: { ...summary, filename: 'new.pdf' } });
    expect((await renameFile(41, 'new.pdf')).filename).toBe('new.pdf');
    expect(received[0]!.request.method).toBe('PUT');
    expect(received[0]!.request.url).toBe('/api/weborder/files/updatefile/41');
    expect(JSON.parse(received[0]!.body.toString())).toEqual({ fileid: 41, filename: 'new.pdf' });
  });

  it('deleteFiles sends the ids and the record, and answers the ids deleted', async () => {
    script.push({ status: 200, body: { deletedIds: [41, 42] } });
    expect(await deleteFiles('submission', 7, [41, 42])).toEqual([41, 42]);
    expect(received[0]!.request.url).toBe('/api/weborder/files/deletefilesbymodule');
    expect(JSON.parse(received[0]!.body.toString())).toEqual({
      deleteIds: [41, 42],
      moduleid: 7,
      module: 'submission',
    });
  });
});
