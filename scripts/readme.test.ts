import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { demoBrokers, demoSpecialities, demoUsers } from '@server/db/seed/demo-data';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('opens with the two set-up commands', () => {
    const firstBlock = readme.match(/```sh\n([\s\S]*?)```/)?.[1];
    expect(firstBlock?.trim().split('\n')).toEqual(['npm install && npm start', 'npm test']);
    expect(readme.indexOf('```sh')).toBeLessThan(readme.indexOf('\n## '));
  });

  it('lists every demo broker’s branded link and its specialities’ s codes', () => {
    for (const broker of demoBrokers) {
      expect(readme).toContain(`/client/landing/${broker.clientUrl}`);
      for (const { code } of broker.specialities) expect(readme).toContain(`\`${code}\``);
    }
    for (const speciality of demoSpecialities)
      expect(readme).toContain(`| ${speciality.name} | \`${speciality.code}\` |`);
  });

  it('lists the demo sign-ins', () => {
    for (const user of demoUsers) expect(readme).toContain(`| ${user.role} | ${user.email} | \`${user.password}\` |`);
  });
});
