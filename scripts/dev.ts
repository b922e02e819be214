import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/**
 * `npm run dev`: the API (restarting on change) on API_PORT and Vite with hot reload on 3000, which proxies /api
 * to the API, so the browser sees one origin.
 */
const root = join(import.meta.dirname, '..');
const apiPort = process.env.API_PORT ?? '3001';
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

const children: ChildProcess[] = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    // Links the API writes (canonical URLs, sitemap, e-mails) point to Vite's address, where the browser is.
    // A log for a person: one line per request (production keeps JSON).
    env: {
      PUBLIC_BASE_URL: 'http://localhost:3000',
      LOG_FORMAT: 'pretty',
      ...process.env,
      PORT: apiPort,
      HOST: '127.0.0.1',
    },
  }),
  spawn(bin('vite'), [], { cwd: root, stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];

let stopping = false;
function stop(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
