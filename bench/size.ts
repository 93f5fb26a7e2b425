import { join } from 'node:path';
import {
  landingInitialJs,
  LANDING_BUDGET_KB,
  LANDING_GOAL_KB,
  LANDING_SCREEN_SOURCE,
  ROUTE_BUDGET_KB,
  routeInitialJs,
} from '../scripts/bundle-size';
import { ROOT } from '../scripts/server-process';
import { report, say } from './figures';

/**
 * First-visit JavaScript, gzip level 9, 1 KB = 1024 bytes, as scripts/bundle-size.ts measures it
 * (the entry, the screen's own chunk and their static imports): the landing route against issue
 * 17's goal, and every route against its budget, the heaviest named.
 */
export function sizeSection(): void {
  const dist = join(ROOT, 'dist');
  const landing = landingInitialJs(dist);
  report({
    section: 'size',
    name: 'landing route initial JS',
    value: `${landing.totalKb} KB gzip`,
    goal: `≤ ${LANDING_GOAL_KB} KB`,
    met: landing.totalKb <= LANDING_GOAL_KB,
    note: `${landing.files.length} files (${LANDING_SCREEN_SOURCE}, the entry, their static imports); the size check's budget meanwhile ${LANDING_BUDGET_KB} KB`,
  });
  const routes = routeInitialJs(dist);
  const over = routes.filter((route) => route.totalKb > ROUTE_BUDGET_KB);
  const worst = routes[0]!;
  report({
    section: 'size',
    name: 'worst route initial + own chunk JS',
    value: `${worst.totalKb} KB gzip (${worst.name})`,
    goal: `every route ≤ ${ROUTE_BUDGET_KB} KB`,
    met: over.length === 0,
    note: `${routes.length} routes, ${over.length} over${over.length ? `: ${over.map((route) => route.name).join(', ')}` : ''}`,
  });
  for (const route of routes.slice(0, 5)) say(`${route.totalKb} KB gzip, ${route.files.length} files: ${route.name}`);
}
