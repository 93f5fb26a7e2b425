import { spawn } from 'node:child_process';
import { ROOT } from './server-process';

/** `npm run dev`: the API on :3000 restarting on change, and Vite's dev server (proxying /api) on :5173. */
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], { cwd: ROOT, stdio: 'inherit' }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { cwd: ROOT, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
