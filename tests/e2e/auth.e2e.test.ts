import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import PostalMime from 'postal-mime';
import { beforeAll, describe, expect, it } from 'vitest';
import { useServerAndBrowser } from './support/server-and-browser';
import { axeViolations } from './support/axe';
import { chromiumPath } from './support/chromium';

const TOKEN_KEY = 'ssp-auth-token';
const USER_KEY = 'ssp-auth-user';

describe.runIf(chromiumPath)('identity in Chromium', () => {
  let context: BrowserContext;
  let page: Page;
  const email = `ada.${Date.now()}@example.com`;
  const firstPassword = 'Lovelace-1815';
  const newPassword = 'Analytical-Engine-1843';

  const env = useServerAndBrowser();
  beforeAll(async () => {
    context = await env.browser.newContext();
    page = await context.newPage();
  });

  const storage = () =>
    page.evaluate(
      ([t, u]) => ({ token: localStorage.getItem(t!), user: localStorage.getItem(u!) }),
      [TOKEN_KEY, USER_KEY],
    );
  const header = () => page.getByRole('banner');

  it('signs up, lands on the confirmation signed in, with the specified storage', async () => {
    await page.goto(`${env.server.url}/signup`);
    const screen = page.locator('[data-screen="signup"]');
    await screen.getByLabel('E-mail address').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screen.getByLabel('E-mail address').fill(email);
    await screen.getByLabel('Password', { exact: true }).fill(firstPassword);
    await screen.getByLabel('First name').fill('Ada');
    await screen.getByLabel('Last name').fill('Lovelace');
    await screen.getByLabel(/Me, as an individual/).check();
    await screen.getByLabel('Phone').fill('(512) 555-0101');
    await screen.getByRole('checkbox', { name: /I accept the terms of use/ }).check();
    await screen.getByRole('button', { name: 'Create account' }).click();
    await page.locator('[data-screen="signupconfirmation"]').getByRole('heading', { name: 'Welcome, Ada!' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const { token, user } = await storage();
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.parse(user!)).toMatchObject({ id: expect.any(Number), token, email });
  });

  it('signs out to landing with token and user removed', async () => {
    await header().getByRole('button', { name: 'Sign out' }).click();
    await page.locator('[data-screen="landing"]').waitFor();
    await header().getByRole('link', { name: 'Log in' }).waitFor();
    expect(await storage()).toEqual({ token: null, user: null });
  });

  it('signs in with remember-me off and stays signed in across a reload', async () => {
    await header().getByRole('link', { name: 'Log in' }).click();
    const screen = page.locator('[data-screen="login"]');
    await screen.getByLabel('E-mail address').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screen.getByLabel('E-mail address').fill(email.toUpperCase());
    await screen.getByLabel('Password').fill(firstPassword);
    expect(await screen.getByLabel('Remember me').isChecked()).toBe(false);
    await screen.getByRole('button', { name: 'Log in' }).click();
    await header().getByRole('button', { name: 'Sign out' }).waitFor();
    expect((await context.cookies()).find((c) => c.name === 'remember')?.value).toBe('false');
    await page.reload();
    await header().getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await header().textContent()).toContain('Ada');
    expect((await storage()).token).not.toBeNull();
  });

  it('drops a session the server has ended when the app starts again: storage and cookies cleared, signed out', async () => {
    // End the session on the server, as a revoked or expired session would be: the next call gets a 401.
    const stored = JSON.parse((await storage()).user!) as { refreshToken: string };
    const revoked = await fetch(`${env.server.url}/api/weborder/auth/signout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: stored.refreshToken }),
    });
    expect(revoked.status).toBe(200);
    await context.addCookies([{ name: 'leftover', value: '1', url: env.server.url }]);
    await page.goto(`${env.server.url}/landing`);
    await header().getByRole('link', { name: 'Log in' }).waitFor();
    expect(await page.locator('[data-screen="landing"]').count()).toBe(1);
    expect(await storage()).toEqual({ token: null, user: null });
    // Remember-me was off, so signing out cleared every cookie, not only the session's.
    expect((await context.cookies()).map((c) => c.name)).not.toContain('leftover');
  });

  it('resets a forgotten password through the mailed link, which works once', async () => {
    await page.goto(`${env.server.url}/forgotpassword`);
    const screen = page.locator('[data-screen="forgotpassword"]');
    await screen.getByLabel('E-mail address').fill(email);
    expect(await axeViolations(page)).toEqual([]);
    await screen.getByRole('button', { name: 'Send the link' }).click();
    await screen.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Reset your password' }).waitFor();

    let link: string | undefined;
    // The mail goes out in the background, through the outbox: wait for its file.
    await expect
      .poll(async () => (link = await resetLinkFor(env.server.dataDir, email)), { timeout: 15_000 })
      .toMatch(/\/changepassword\//);
    await page.goto(link!);
    const change = page.locator('[data-screen="changepassword"]');
    await change.getByLabel('New password', { exact: true }).fill(newPassword);
    await change.getByLabel('Confirm the new password').fill(newPassword);
    expect(await axeViolations(page)).toEqual([]);
    await change.getByRole('button', { name: 'Change password' }).click();
    await change.getByRole('link', { name: /log in/i }).waitFor();

    // The same link a second time: refused, with the way to ask for a new one.
    await page.goto(link!);
    await change.getByRole('link', { name: /reset|new link|forgot/i }).waitFor();

    await page.goto(`${env.server.url}/login`);
    const login = page.locator('[data-screen="login"]');
    await login.getByLabel('E-mail address').fill(email);
    await login.getByLabel('Password').fill(firstPassword);
    await login.getByRole('button', { name: 'Log in' }).click();
    await login.getByRole('alert').waitFor();
    await login.getByLabel('Password').fill(newPassword);
    await login.getByRole('button', { name: 'Log in' }).click();
    await header().getByRole('button', { name: 'Sign out' }).waitFor();
  });
});

describe.runIf(chromiumPath)('the 401 rule in Chromium', () => {
  const env = useServerAndBrowser();

  it('signs out and lands on the broker’s landing page when a call made while signed in gets a 401', async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    // The page's clock is ours, so the app's own refresh call can be brought forward instead of waited for.
    await page.clock.install();
    await page.goto(`${env.server.url}/client/login/harbor-risk`);
    const login = page.locator('[data-screen="login"]');
    await login.getByLabel('E-mail address').fill('insured@example.com');
    await login.getByLabel('Password').fill('Demo-Insured-2024');
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).waitFor();
    await page.goto(`${env.server.url}/client/signupconfirmation/harbor-risk`);
    await page.locator('[data-screen="signupconfirmation"]').waitFor();
    await context.addCookies([{ name: 'leftover', value: '1', url: env.server.url }]);

    // The server ends the session (as a revocation elsewhere would); the app does not know yet.
    const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)!), USER_KEY);
    const revoked = await fetch(`${env.server.url}/api/weborder/auth/signout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: stored.refreshToken }),
    });
    expect(revoked.status).toBe(200);

    // Past the access token's life: the app refreshes, the server answers 401, the 401 rule runs.
    await page.clock.fastForward('16:00');
    await page.waitForURL('**/client/landing/harbor-risk');
    await page.locator('[data-screen="landing"]').waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
    expect(
      await page.evaluate(([t, u]) => [localStorage.getItem(t!), localStorage.getItem(u!)], [TOKEN_KEY, USER_KEY]),
    ).toEqual([null, null]);
    expect((await context.cookies()).map((c) => c.name)).not.toContain('leftover');
    await context.close();
  });
});

/** The reset link in the newest .eml written to this address, read as MIME (the text part is quoted-printable). */
async function resetLinkFor(dataDir: string, to: string): Promise<string | undefined> {
  const outbox = join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return undefined;
  }
  for (const file of files.reverse()) {
    const mail = await PostalMime.parse(readFileSync(join(outbox, file)));
    if (!mail.to?.some((address) => address.address?.toLowerCase() === to.toLowerCase())) continue;
    const match = mail.text?.match(/https?:\/\/\S+\/changepassword\/[\w-]+/);
    if (match) return match[0];
  }
  return undefined;
}
