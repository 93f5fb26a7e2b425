import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUsers } from '@server/db/seed/demo-data';
import { axeViolations } from './support/axe';
import { chromiumPath } from './support/chromium';
import { useServerAndBrowser } from './support/server-and-browser';

/**
 * Issue 9, the broker's book in Chromium against the real server: an order quoted through Harbor
 * Risk Partners' storefront shows in the demo broker's book (and an order quoted directly does
 * not); the header leads there; the page passes axe, on a desktop and on a phone, and the status
 * filter works by keyboard alone.
 */
const broker = demoUsers.find((user) => user.role === 'broker')!;

describe.runIf(chromiumPath)('the broker’s book in Chromium', () => {
  const env = useServerAndBrowser();
  let page: Page;
  const problems: string[] = [];
  const url = (path: string) => `${env.server.url}${path}`;
  let viaHarbor: string;
  let direct: string;

  async function quote(clientId: string | null): Promise<string> {
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(url(`/api/weborder/${path}`), {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(response.ok, `${path}: ${response.status}`).toBe(true);
      return response.json() as Promise<unknown>;
    };
    const specialities = (await call('GET', 'auth/specialitylist')) as Array<{ id: number; name: string }>;
    const specialityId = specialities.find((speciality) => speciality.name === 'Dentists')!.id;
    type Asked = { code: string; type: string; options: { value: string }[]; condition: unknown };
    const answersTo = (questions: Asked[]) =>
      Object.fromEntries(
        questions
          .filter((question) => !question.condition)
          .map((question) => [
            question.code,
            (
              {
                yesno: 'no',
                select: question.options[0]?.value,
                multiselect: [question.options[0]?.value],
                number: 3,
                money: 250_000,
                date: '2015-06-01',
              } as Record<string, unknown>
            )[question.type] ?? 'None',
          ]),
      );
    const saved = (await call('POST', 'insured/createsubmission', {
      specialityId,
      answers: answersTo((await call('GET', `questions/list?specialityId=${specialityId}`)) as Asked[]),
      applicationAnswers: answersTo((await call('GET', 'dataacquisition/questions')) as Asked[]),
      state: 'TX',
      zipcode: '77002',
      limitCode: '1M/3M',
      deductibleCode: '1000',
      paymentTerm: 'annual',
      ...(clientId ? { clientId } : {}),
    })) as { number: string };
    return saved.number;
  }

  beforeAll(async () => {
    viaHarbor = await quote('harbor-risk');
    direct = await quote(null);
    page = await (await env.browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    page.on('pageerror', (error) => problems.push(error.message));
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('the demo broker logs in, follows the header to the book, and sees the storefront’s order only', async () => {
    await page.goto(url('/login'));
    const login = page.locator('[data-screen="login"]');
    await login.getByLabel('E-mail address').fill(broker.email);
    await login.getByLabel('Password').fill(broker.password);
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Your book' }).click();
    const book = page.locator('[data-screen="broker"]');
    const table = book.getByRole('table', { name: 'Your orders' });
    await table.getByRole('rowheader', { name: viaHarbor }).waitFor();
    expect(await table.getByRole('rowheader', { name: direct }).count()).toBe(0);
    await book
      .getByRole('region', { name: 'Share your storefront' })
      .getByRole('link', { name: /\/client\/landing\/harbor-risk$/ })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('filters by status with the keyboard alone, the address following', async () => {
    const book = page.locator('[data-screen="broker"]');
    await book.getByLabel('Status').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.waitForURL((address) => address.searchParams.get('status') === 'quoted');
    await book.getByRole('table', { name: 'Your orders' }).getByRole('rowheader', { name: viaHarbor }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('reads on a phone, and passes axe there too', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.locator('[data-screen="broker"]').getByRole('table', { name: 'Your orders' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
