// Types for start.mjs, which stays plain JavaScript so `npm start` needs no TypeScript.
/** Every file and directory, relative to root, whose change calls for a new web client build. */
export declare function clientInputs(root: string): Promise<string[]>;
/** True when dist/index.html is missing or the web client's inputs changed since the recorded build. */
export declare function clientBuildStale(root?: string, stampFile?: string): Promise<boolean>;
