/** Reset tokens travel in URLs; the request log must not repeat them. */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { REDACTED, redactUrl } from '@server/http/log-redaction';
import { setupTestApp } from '@server/test/test-app';

const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});
const t = setupTestApp({ log: { level: 'info', stream } });

const TOKEN = 'abcDEF0123456789abcDEF0123456789abcDEF01234';

describe('the request log', () => {
  it('shows reset links with the token masked', async () => {
    const urls = [
      `/changepassword/${TOKEN}`,
      `/client/changepassword/${TOKEN}/harbor-risk`,
      `/api/weborder/auth/changepassword?token=${TOKEN}&x=1`,
    ];
    for (const url of urls) {
      lines.length = 0;
      await t.app.inject({ method: 'GET', url });
      const incoming = lines
        .map((line) => JSON.parse(line) as { msg: string; req?: { url: string } })
        .find((entry) => entry.msg === 'incoming request');
      expect(incoming?.req?.url).toBe(redactUrl(url));
      expect(incoming?.req?.url).toContain(REDACTED);
      for (const line of lines) expect(line).not.toContain(TOKEN);
    }
    expect(lines.length).toBeGreaterThan(0);
  });
});

describe('redactUrl', () => {
  it('masks the segment after changepassword and any token in the query, and nothing else', () => {
    expect(redactUrl(`/changepassword/${TOKEN}`)).toBe('/changepassword/[redacted]');
    expect(redactUrl(`/client/changepassword/${TOKEN}/harbor-risk`)).toBe(
      '/client/changepassword/[redacted]/harbor-risk',
    );
    expect(redactUrl(`/ChangePassword/${TOKEN}?a=b`)).toBe('/ChangePassword/[redacted]?a=b');
    expect(redactUrl(`/x?a=1&token=${TOKEN}&Token=${TOKEN}`)).toBe('/x?a=1&token=[redacted]&Token=[redacted]');
    expect(redactUrl('/changepassword')).toBe('/changepassword');
    expect(redactUrl('/api/weborder/specialities?q=token')).toBe('/api/weborder/specialities?q=token');
  });
});
