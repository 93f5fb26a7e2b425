import { describe, expect, it } from 'vitest';
import { errorFields, errorStatus } from '@/api/api-error';
import {
  downloadClaimAttachment,
  getClaim,
  getClaimablePolicies,
  getClaimQueue,
  getClaims,
  getHandledClaim,
  moveClaim,
  reportClaim,
  sendClaimMessage,
  uploadClaimAttachments,
} from '@/api/claims';
import { setupScriptedApi } from '@/api/scripted-api-server';
import type {
  Claim,
  ClaimAttachment,
  ClaimDetail,
  ClaimEvent,
  ClaimHandlerDetail,
  ClaimMessage,
  ClaimQueueItem,
} from '@shared/contract/claims';

const { script, received } = setupScriptedApi();

const claim: Claim = {
  id: 12,
  number: 'C-2026-000012',
  policyId: 7,
  policyNumber: 'P-2026-000007',
  specialityName: 'Dentists',
  kind: 'claim',
  dateOfLoss: '2026-11-20',
  actDate: null,
  claimant: null,
  lawsuitFiled: false,
  amountDemandedCents: null,
  description: 'A patient says a crown failed after two weeks.',
  status: 'reported',
  reportedAt: '2026-11-21T09:30:00.000Z',
};

const reported: ClaimEvent = {
  id: 40,
  from: null,
  to: 'reported',
  by: 'insured',
  byName: 'Dana Reyes',
  note: null,
  at: '2026-11-21T09:30:00.000Z',
};

const message: ClaimMessage = {
  id: 3,
  author: 'insured',
  authorName: 'Dana Reyes',
  body: 'The patient’s letter is attached.',
  createdAt: '2026-11-21T10:00:00.000Z',
};

const attachment: ClaimAttachment = {
  id: 55,
  filename: 'letter.pdf',
  contentType: 'application/pdf',
  size: 24,
  uploadedAt: '2026-11-21T10:01:00.000Z',
  uploadedBy: 'insured',
};

const detail: ClaimDetail = { claim, timeline: [reported], messages: [message], attachments: [attachment], open: true };

const handled: ClaimHandlerDetail = {
  ...detail,
  insured: { id: 9, name: 'Dana Reyes', email: 'dana@example.com', companyName: 'Reyes Dental', phone: null },
  moves: ['acknowledged', 'closed'],
};

const queueItem: ClaimQueueItem = {
  ...claim,
  insuredName: 'Dana Reyes',
  companyName: 'Reyes Dental',
  lastActivityAt: '2026-11-21T10:01:00.000Z',
  awaitingHandler: true,
};

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n%%EOF\n', 'latin1');

/** What the scripted server received as [method, url]. */
const calls = () => received.map((call) => [call.request.method, call.request.url]);

describe('the insured’s claims and policies', () => {
  it('getClaims GETs the list and parses it with the contract; a status it does not know is refused', async () => {
    script.push({ status: 200, body: [claim] }, { status: 200, body: [{ ...claim, status: 'settled' }] });
    await expect(getClaims()).resolves.toEqual([claim]);
    await expect(getClaims()).rejects.toThrow();
    expect(calls()[0]).toEqual(['GET', '/api/weborder/insured/claims']);
  });

  it('getClaimablePolicies GETs the bound policies (an empty list when none)', async () => {
    const policy = {
      id: 7,
      number: 'P-2026-000007',
      specialityName: 'Dentists',
      effectiveDate: '2026-07-01',
      expirationDate: '2027-07-01',
    };
    script.push({ status: 200, body: [policy] }, { status: 200, body: [] });
    await expect(getClaimablePolicies()).resolves.toEqual([policy]);
    await expect(getClaimablePolicies()).resolves.toEqual([]);
    expect(calls()[0]).toEqual(['GET', '/api/weborder/insured/policies']);
  });
});

describe('reportClaim', () => {
  const request = { policyid: 7, dateofloss: '2026-11-20', description: claim.description };

  it('POSTs the report as JSON with its Idempotency-Key, and a retry with it gets the same claim', async () => {
    script.push({ status: 201, body: claim }, { status: 200, body: claim });
    await expect(reportClaim(request, 'report-1')).resolves.toEqual(claim);
    await expect(reportClaim(request, 'report-1')).resolves.toEqual(claim);
    expect(
      received.map((call) => [
        call.request.method,
        call.request.url,
        call.request.headers['content-type'],
        call.request.headers['idempotency-key'],
        JSON.parse(call.body),
      ]),
    ).toEqual([
      ['POST', '/api/weborder/insured/reportclaim', 'application/json', 'report-1', request],
      ['POST', '/api/weborder/insured/reportclaim', 'application/json', 'report-1', request],
    ]);
  });

  it('a date of loss before the policy is the server’s 400 naming dateofloss; a policy not bound a 409', async () => {
    script.push(
      {
        status: 400,
        body: { status: 400, message: 'Before the policy', fields: { dateofloss: 'must not be before 2026-07-01' } },
      },
      { status: 409, body: { status: 409, message: 'Order Q-1 is quoted', fields: { status: 'is quoted' } } },
    );
    const early = await reportClaim({ ...request, dateofloss: '2026-01-01' }, 'k-2').catch((e: unknown) => e);
    expect([errorStatus(early), errorFields(early)]).toEqual([400, { dateofloss: 'must not be before 2026-07-01' }]);
    const unbound = await reportClaim(request, 'k-3').catch((e: unknown) => e);
    expect([errorStatus(unbound), errorFields(unbound)]).toEqual([409, { status: 'is quoted' }]);
  });
});

describe('getClaim and getHandledClaim', () => {
  it('getClaim GETs the insured’s claim by claimid and parses the timeline, messages and attachments', async () => {
    script.push({ status: 200, body: detail }, { status: 404, body: { status: 404, message: 'No such claim' } });
    await expect(getClaim(12)).resolves.toEqual(detail);
    expect(calls()[0]).toEqual(['GET', '/api/weborder/insured/claim?claimid=12']);
    // Another insured's claim: the server's 404, passed on as such.
    expect(errorStatus(await getClaim(13).catch((e: unknown) => e))).toBe(404);
  });

  it('getHandledClaim GETs the handler’s view with the insured and the legal moves', async () => {
    script.push({ status: 200, body: handled }, { status: 200, body: { ...handled, moves: ['paid'] } });
    await expect(getHandledClaim(12)).resolves.toEqual(handled);
    expect(calls()[0]).toEqual(['GET', '/api/weborder/claims/claim?claimid=12']);
    // A move the lifecycle does not have is not offered as if it were one.
    await expect(getHandledClaim(12)).rejects.toThrow();
  });
});

describe('sendClaimMessage', () => {
  it('POSTs to the insured’s or the handler’s route by side, with the key made for the message', async () => {
    const answer = { ...message, author: 'handler', authorName: 'Uma Underwriter', body: 'Thank you.' };
    script.push({ status: 201, body: message }, { status: 201, body: answer });
    await expect(sendClaimMessage('insured', 12, message.body, 'msg-1')).resolves.toEqual(message);
    await expect(sendClaimMessage('handler', 12, 'Thank you.', 'msg-2')).resolves.toEqual(answer);
    expect(
      received.map((call) => [call.request.url, call.request.headers['idempotency-key'], JSON.parse(call.body)]),
    ).toEqual([
      ['/api/weborder/insured/claimmessage', 'msg-1', { claimid: 12, body: message.body }],
      ['/api/weborder/claims/message', 'msg-2', { claimid: 12, body: 'Thank you.' }],
    ]);
  });

  it('a closed claim is the server’s 409 naming status', async () => {
    script.push({
      status: 409,
      body: { status: 409, message: 'Claim C-2026-000012 is closed', fields: { status: 'is closed' } },
    });
    const refused = await sendClaimMessage('insured', 12, 'One more thing.', 'msg-3').catch((e: unknown) => e);
    expect([errorStatus(refused), errorFields(refused), (refused as Error).message]).toEqual([
      409,
      { status: 'is closed' },
      '409: Claim C-2026-000012 is closed',
    ]);
  });
});

describe('uploadClaimAttachments', () => {
  it('POSTs multipart: claimid first, then each file as files, under the upload’s key', async () => {
    const second = { ...attachment, id: 56, filename: 'x-ray.png', contentType: 'image/png' };
    script.push({ status: 201, body: [attachment, second] });
    const files = [
      new File([PDF], 'letter.pdf', { type: 'application/pdf' }),
      new File([Buffer.from('png bytes')], 'x-ray.png', { type: 'image/png' }),
    ];
    await expect(uploadClaimAttachments(12, files, 'upload-1')).resolves.toEqual([attachment, second]);
    const [call] = received;
    expect([call!.request.method, call!.request.url, call!.request.headers['idempotency-key']]).toEqual([
      'POST',
      '/api/weborder/insured/claimattachments',
      'upload-1',
    ]);
    expect(call!.request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const claimField = call!.body.indexOf('name="claimid"\r\n\r\n12\r\n');
    const letter = call!.body.indexOf('name="files"; filename="letter.pdf"');
    const xray = call!.body.indexOf('name="files"; filename="x-ray.png"');
    expect(claimField).toBeGreaterThan(-1);
    expect(letter).toBeGreaterThan(claimField);
    expect(xray).toBeGreaterThan(letter);
    expect(call!.body).toContain('%PDF-1.7');
  });

  it('a file of a type refused is the server’s 415 naming files', async () => {
    script.push({
      status: 415,
      body: { status: 415, message: 'setup.pdf is a program', fields: { files: 'setup.pdf is a program' } },
    });
    const refused = await uploadClaimAttachments(12, [new File(['MZ'], 'setup.pdf')], 'upload-2').catch(
      (e: unknown) => e,
    );
    expect([errorStatus(refused), errorFields(refused)]).toEqual([415, { files: 'setup.pdf is a program' }]);
  });
});

describe('downloadClaimAttachment', () => {
  it('GETs the file from the side’s route and answers the bytes under the server’s name, else its own', async () => {
    script.push(
      {
        status: 200,
        body: PDF,
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="letter.pdf"; filename*=UTF-8\'\'patient%E2%80%99s%20letter.pdf',
        },
      },
      { status: 200, body: PDF, headers: { 'content-type': 'application/pdf' } },
    );
    const own = await downloadClaimAttachment('insured', 12, attachment);
    expect(own.filename).toBe('patient’s letter.pdf');
    expect(own.blob.type).toBe('application/pdf');
    expect(Buffer.from(await own.blob.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await downloadClaimAttachment('handler', 12, attachment)).filename).toBe('letter.pdf');
    expect(calls()).toEqual([
      ['GET', '/api/weborder/insured/claimattachment?claimid=12&fileid=55'],
      ['GET', '/api/weborder/claims/attachment?claimid=12&fileid=55'],
    ]);
  });
});

describe('the claims desk: getClaimQueue and moveClaim', () => {
  it('getClaimQueue GETs every open claim, or those of one status', async () => {
    script.push({ status: 200, body: [queueItem] }, { status: 200, body: [] });
    await expect(getClaimQueue()).resolves.toEqual([queueItem]);
    await expect(getClaimQueue('closed')).resolves.toEqual([]);
    expect(calls()).toEqual([
      ['GET', '/api/weborder/claims/queue'],
      ['GET', '/api/weborder/claims/queue?status=closed'],
    ]);
  });

  it('moveClaim POSTs the move and its note with the key, and parses the timeline entry', async () => {
    const acknowledged: ClaimEvent = {
      ...reported,
      id: 41,
      from: 'reported',
      to: 'acknowledged',
      by: 'handler',
      byName: 'Uma Underwriter',
      note: 'We will call you tomorrow.',
    };
    script.push({ status: 201, body: acknowledged }, { status: 200, body: acknowledged });
    const request = { claimid: 12, to: 'acknowledged' as const, note: 'We will call you tomorrow.' };
    await expect(moveClaim(request, 'move-1')).resolves.toEqual(acknowledged);
    await expect(moveClaim(request, 'move-1')).resolves.toEqual(acknowledged);
    expect(
      received.map((call) => [call.request.url, call.request.headers['idempotency-key'], JSON.parse(call.body)]),
    ).toEqual([
      ['/api/weborder/claims/move', 'move-1', request],
      ['/api/weborder/claims/move', 'move-1', request],
    ]);
  });

  it('a move the lifecycle no longer allows is the server’s 409 naming status; an insured is refused 403', async () => {
    script.push(
      { status: 409, body: { status: 409, message: 'Claim is closed', fields: { status: 'is closed' } } },
      { status: 403, body: { status: 403, message: 'You may not do this' } },
    );
    const late = await moveClaim({ claimid: 12, to: 'acknowledged' }, 'move-2').catch((e: unknown) => e);
    expect([errorStatus(late), errorFields(late)]).toEqual([409, { status: 'is closed' }]);
    expect(JSON.parse(received[0]!.body)).toEqual({ claimid: 12, to: 'acknowledged' });
    const refused = await getClaimQueue().catch((e: unknown) => e);
    expect(errorStatus(refused)).toBe(403);
  });
});
