import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderRouteTree, ROUTE_TREE_FILE } from './generate-routes';

describe('route tree', () => {
  it('is committed as generated from the table of screens (run `npm run routes` when this fails)', () => {
    expect(readFileSync(ROUTE_TREE_FILE, 'utf8')).toBe(renderRouteTree());
  });

  it('gives every screen a plain route and its branded twin with the client id last', () => {
    const source = renderRouteTree([
      { name: 'order', path: 'order/$submissionid', title: 'Your order', module: 'order/order-screen' },
      { name: 'landing', path: 'landing', aliases: [''], title: 'Welcome', module: 'landing/landing-screen', search: 'landingSearch' },
      { name: 'signupconfirmation', path: 'signupconfirmation', title: 'Welcome', module: 'signupconfirmation/s', guard: 'requireSignedIn' },
    ]);
    expect(source).toContain("path: '/order/$submissionid'");
    expect(source).toContain("path: '/client/order/$submissionid/$clientid'");
    expect(source).toContain("path: '/'");
    expect(source).toContain("path: '/client/landing/$clientid'");
    expect(source.match(/lazyRouteComponent\(/g)).toHaveLength(3);
    expect(source).toContain('validateSearch: landingSearch');
    expect(source.match(/title: "Your order"/g)).toHaveLength(2);
  });

  it('runs a screen’s guard before both its plain and branded routes load', () => {
    const source = renderRouteTree([
      { name: 'login', path: 'login', title: 'Log in', module: 'login/login-screen', guard: 'alwaysAllow' },
      { name: 'signupconfirmation', path: 'signupconfirmation', title: 'Welcome', module: 'signupconfirmation/s', guard: 'requireSignedIn' },
      { name: 'page-not-found', path: 'page-not-found', title: 'Page not found', module: 'page-not-found/p' },
    ]);
    expect(source).toContain("import { alwaysAllow, requireSignedIn } from '@/routes/guards';");
    expect(source.match(/beforeLoad: alwaysAllow/g)).toHaveLength(2);
    expect(source.match(/beforeLoad: requireSignedIn/g)).toHaveLength(2);
    expect(source).not.toMatch(/path: '\/page-not-found'[^\n]*beforeLoad/);
  });
});
