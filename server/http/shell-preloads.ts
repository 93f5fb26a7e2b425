/**
 * What the HTML shell tells the browser to fetch at once for the address asked, so that a first
 * visit does not wait for the entry script to discover it: the screen's lazy chunk and its static
 * imports (from Vite's manifest), and for landing the speciality list it shows.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { screens } from '@shared/screens';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Where the router shows the screen: its plain path(s) and its branded twin under client/. */
export interface ScreenMatch {
  /** The `module` of the screen's row in shared/screens.ts. */
  module: string;
  name: string;
  /** The broker's client id, on a branded path. */
  clientid?: string;
}

const segmentsOf = (pattern: string) => (pattern === '' ? [] : pattern.split('/'));

const patterns = screens.flatMap((screen) =>
  [screen.path, ...('aliases' in screen ? screen.aliases : [])].map((pattern) => ({
    screen,
    segments: segmentsOf(pattern),
  })),
);

/** TanStack Router matches paths case-insensitively by default; `$name` takes one whole segment. */
function matches(pattern: readonly string[], segments: readonly string[]): boolean {
  return (
    pattern.length === segments.length &&
    pattern.every((part, index) =>
      part.startsWith('$') ? segments[index] !== '' : part.toLowerCase() === segments[index]!.toLowerCase(),
    )
  );
}

/** The screen the SPA shows at this path (`/order/12`, `/client/login/harbor-risk`), if any. */
export function screenAt(pathname: string): ScreenMatch | undefined {
  let segments: string[];
  try {
    segments = pathname.split('/').slice(1).map(decodeURIComponent);
  } catch {
    return undefined;
  }
  // One trailing slash is the same address to the router.
  if (segments.length > 1 && segments.at(-1) === '') segments.pop();
  if (segments.length === 1 && segments[0] === '') segments = [];
  for (const { screen, segments: pattern } of patterns) {
    if (matches(pattern, segments)) return { module: screen.module, name: screen.name };
  }
  // Branded: client/{screen path}/{clientid}; the site root has no branded alias.
  if (segments[0]?.toLowerCase() === 'client' && segments.length >= 3 && segments.at(-1) !== '') {
    const inner = segments.slice(1, -1);
    for (const screen of screens) {
      if (matches(segmentsOf(screen.path), inner))
        return { module: screen.module, name: screen.name, clientid: segments.at(-1)! };
    }
  }
  return undefined;
}

type ManifestCache = { stamp: string; manifest: Manifest | undefined };
const manifestCaches = new Map<string, ManifestCache>();

/**
 * dist/.vite/manifest.json, read again only when a build replaced it (its mtime and size
 * changed) while the server runs. Undefined without one: the shell then goes without module hints.
 */
export async function readManifest(staticDir: string): Promise<Manifest | undefined> {
  const file = path.join(staticDir, '.vite', 'manifest.json');
  let stamp: string;
  try {
    const info = await stat(file);
    stamp = `${info.mtimeMs}:${info.size}`;
  } catch {
    manifestCaches.delete(staticDir);
    return undefined;
  }
  const cached = manifestCaches.get(staticDir);
  if (cached?.stamp === stamp) return cached.manifest;
  let manifest: Manifest | undefined;
  try {
    manifest = JSON.parse(await readFile(file, 'utf8')) as Manifest;
  } catch {
    // Half written by a build under way: no hints this time, read again next time.
    return undefined;
  }
  manifestCaches.set(staticDir, { stamp, manifest });
  return manifest;
}

function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen);
  return seen;
}

/** The screen's own chunk and what it imports, less what the entry already loads; scripts then styles. */
export function screenAssets(manifest: Manifest, module: string): { scripts: string[]; styles: string[] } {
  const key = `src/screens/${module}.tsx`;
  if (!manifest[key]) return { scripts: [], styles: [] };
  const entry = new Set<string>();
  for (const [name, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(manifest, name, entry);
  const chunks = [...closure(manifest, key)].filter((name) => !entry.has(name)).map((name) => manifest[name]!);
  const entryCss = new Set([...entry].flatMap((name) => manifest[name]!.css ?? []));
  return {
    scripts: chunks.map((chunk) => `/${chunk.file}`).filter((file) => file.endsWith('.js')),
    styles: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))]
      .filter((file) => !entryCss.has(file))
      .map((file) => `/${file}`),
  };
}

/**
 * The API prefix exactly as the client's ky instance builds it (src/api/client.ts apiPrefix):
 * apiBase resolved against the page's address. A path when it is this origin.
 */
export function apiPrefixFor(apiBase: string, pagePath: string): string {
  const origin = 'http://page.invalid';
  const base = new URL(apiBase || '/', `${origin}${pagePath}`);
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  const prefix = new URL('api/weborder/', base);
  return prefix.origin === origin ? prefix.pathname : prefix.href;
}

/**
 * Landing's first requests (src/machines/speciality-catalog.machine.ts): the categories and the
 * list, a broker's with `?clientUrl=` on its storefront. The URLs are the ones ky builds, query
 * encoding included, or the browser would fetch them twice.
 */
export function landingDataUrls(apiBase: string, pagePath: string, clientid: string | undefined): string[] {
  const prefix = apiPrefixFor(apiBase, pagePath);
  const query = clientid === undefined ? '' : `?${new URLSearchParams({ clientUrl: clientid }).toString()}`;
  return [`${prefix}auth/specialitycategory`, `${prefix}auth/specialitylist${query}`];
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The <link> tags for this page: module preloads, style preloads, and landing's data. */
export function preloadTags(options: { manifest: Manifest | undefined; pagePath: string; apiBase: string }): string {
  const screen = screenAt(options.pagePath);
  if (!screen) return '';
  const tags: string[] = [];
  if (options.manifest) {
    const { scripts, styles } = screenAssets(options.manifest, screen.module);
    for (const href of scripts) tags.push(`<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`);
    for (const href of styles) tags.push(`<link rel="preload" as="style" crossorigin href="${escapeAttribute(href)}">`);
  }
  if (screen.name === 'landing') {
    // crossorigin (anonymous) is the fetch's own credentials mode, same-origin: the preload is then reused.
    for (const href of landingDataUrls(options.apiBase, options.pagePath, screen.clientid)) {
      tags.push(`<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(href)}">`);
    }
  }
  return tags.join('');
}
