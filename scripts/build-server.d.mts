// Types for build-server.mjs, which stays plain JavaScript so `npm start` needs no TypeScript.
export declare const ROOT: string;
export declare const SERVER_OUT_DIR: string;
/** dist-server/main.js: the bundled server. */
export declare const SERVER_BUNDLE: string;
/** Each file's identity for staleness (`size:mtimeMs`, or `missing`), keyed by its path relative to root. */
export declare function fingerprint(root: string, files: string[]): Promise<Record<string, string>>;
/** True when the stamp is missing or any input it lists changed. */
export declare function stampStale(root: string, stampFile: string): Promise<boolean>;
export declare function writeStamp(stampFile: string, inputs: Record<string, string>): Promise<void>;
/** True when dist-server/main.js is missing or any file its last build read changed. */
export declare function serverBundleStale(root?: string): Promise<boolean>;
/** Bundles server/main.ts into dist-server/main.js with esbuild. */
export declare function buildServer(root?: string): Promise<void>;
