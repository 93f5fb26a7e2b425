/**
 * The retroactive date of a claims-made policy on a real server: asked as the application's
 * prior-acts date only after a yes to prior cover, then printed on the declarations page, the
 * policy and the binder, and answered in insured/policyinfo. Read back with the real pdftotext.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyInfoSchema } from '@shared/contract/billing';
import { usDate } from '@server/documents/pdf-layout';
import { newInsured, type Insured } from '@server/test/account-helpers';
import { expectError } from '@server/test/expect-error';
import { paidOrder } from '@server/test/payment-helpers';
import { answersFor, quoteApi, specialityId, submissionInput } from '@server/test/quote-helpers';
import { setupTestApp } from '@server/test/test-app';

const run = promisify(execFile);
const t = setupTestApp();
const app = () => t.app;

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'retroactive-date-test-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

let serial = 0;
async function wordsOf(pdf: Buffer): Promise<string> {
  const file = path.join(scratch, `document-${(serial += 1)}.pdf`);
  await writeFile(file, pdf);
  return (await run('pdftotext', ['-layout', file, '-'])).stdout.replace(/[ \t]+/g, ' ');
}

/** The demo's application answers, with prior cover answered as given. */
async function applicationAnswers(priorCover: Record<string, unknown>) {
  const { applicationAnswers: answers } = await answersFor(t.app, await specialityId(t.app));
  return { ...answers, ...priorCover };
}

/** The retroactive date each policy document prints, and the one policyinfo answers. */
async function retroactiveDates(insured: Insured, submissionId: number) {
  const printed: string[] = [];
  for (const [route, extra] of [
    ['downloadpolicy', { documentType: 'declarations' }],
    ['downloadpolicy', { documentType: 'policy' }],
    ['downloadbinder', {}],
  ] as const) {
    const response = await insured.call('POST', `documents/${route}`, { submissionid: submissionId, ...extra });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const found = /Retroactive date (\d{2}\/\d{2}\/\d{4})/.exec(await wordsOf(response.rawPayload));
    printed.push(found?.[1] ?? `none on ${route} ${JSON.stringify(extra)}`);
  }
  const info = v.parse(
    policyInfoSchema,
    (await insured.call('GET', `insured/policyinfo?submissionid=${submissionId}`)).json(),
  );
  return { printed, info };
}

describe('the retroactive date', () => {
  it('is the inception date for a new insured without prior cover', async () => {
    const insured = await newInsured(app);
    const { order, policy } = await paidOrder(app, insured, {
      applicationAnswers: await applicationAnswers({ prior_coverage: 'no' }),
    });
    const { printed, info } = await retroactiveDates(insured, order.submissionId);
    expect(printed).toEqual([usDate(policy.effectiveDate), usDate(policy.effectiveDate), usDate(policy.effectiveDate)]);
    expect(info.retroactiveDate).toBe(policy.effectiveDate);
  });

  it('is the prior-acts date the insured reports with continuous prior cover', async () => {
    const insured = await newInsured(app);
    const answers = await applicationAnswers({ prior_coverage: 'yes', prior_acts_date: '2018-04-01' });
    const { order, policy } = await paidOrder(app, insured, { applicationAnswers: answers });
    expect(policy.effectiveDate > '2018-04-01').toBe(true);
    const { printed, info } = await retroactiveDates(insured, order.submissionId);
    expect(printed).toEqual(['04/01/2018', '04/01/2018', '04/01/2018']);
    expect(info.retroactiveDate).toBe('2018-04-01');
  });

  it('asks for the prior-acts date after a yes to prior cover, and only then', async () => {
    const questions = await quoteApi(app).get('dataacquisition/questions');
    const asked = (questions.json() as Array<{ code: string; type: string; condition: unknown }>).find(
      (question) => question.code === 'prior_acts_date',
    );
    expect(asked).toMatchObject({ type: 'date', condition: { questionCode: 'prior_coverage', anyOf: ['yes'] } });

    const missing = await quoteApi(app).post(
      'insured/createsubmission',
      await submissionInput(t.app, { applicationAnswers: await applicationAnswers({ prior_coverage: 'yes' }) }),
    );
    expect(expectError(missing, 400).fields).toMatchObject({ 'applicationAnswers.prior_acts_date': 'is required' });
    const notAsked = await quoteApi(app).post(
      'insured/createsubmission',
      await submissionInput(t.app, { applicationAnswers: await applicationAnswers({ prior_coverage: 'no' }) }),
    );
    expect(notAsked.statusCode, notAsked.body).toBe(201);
  });
});
