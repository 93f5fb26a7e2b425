import { ScreenLink } from '@/components/screen-link';
import type { ScreenName } from '@shared/screens';

/** The administration screens, in the order the nav lists them. */
const ADMIN_SCREENS = [
  ['admin-brokers', 'Brokers'],
  ['admin-specialities', 'Specialities'],
  ['admin-ratetables', 'Rate tables'],
  ['admin-users', 'Users'],
  ['admin-audit', 'Audit log'],
  ['admin-jobs', 'Scheduled work'],
] as const satisfies ReadonlyArray<readonly [ScreenName, string]>;

/** The administration area's own navigation; TanStack's Link marks the screen shown aria-current="page". */
export function AdminNav() {
  return (
    <nav className="admin-nav" aria-label="Administration">
      <ul>
        {ADMIN_SCREENS.map(([screen, label]) => (
          <li key={screen}>
            <ScreenLink screen={screen} className="admin-nav__link">
              {label}
            </ScreenLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
