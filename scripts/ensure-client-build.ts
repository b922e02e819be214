import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm start` runs this first: it builds the client when dist/client is missing or older than its sources, so a
 * fresh clone needs no separate build step and an unchanged tree starts at once.
 */
const root = join(import.meta.dirname, '..');
const builtIndex = join(root, 'dist', 'client', 'index.html');
const sources = ['index.html', 'vite.config.ts', 'package-lock.json', 'src/client', 'src/shared', 'public'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newestMtime(join(root, s))));
if (builtAt < changedAt) {
  process.stdout.write(
    builtAt ? 'Client sources changed; rebuilding the client...\n' : 'Building the client (first start)...\n',
  );
  // As `npm run build`: the bundle, then the pre-rendered public pages (scripts/prerender.ts).
  const steps = [
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    ['--import', 'tsx', join(root, 'scripts', 'prerender.ts')],
  ];
  for (const args of steps) {
    const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
