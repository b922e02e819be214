import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dir} is already in use by process ${pid}. ` +
        'Stop that process first (two processes on one PGlite directory would corrupt it), ' +
        'or point DATA_DIR at another directory, or set DATABASE_URL to use PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Directories this process holds: a second open in the same process is refused too. */
const heldHere = new Set<string>();

/**
 * A pid lock file beside the PGlite data directory. PGlite has no lock of its own and two processes writing one
 * directory leave it unreadable, so a second process is refused with a clear message. A lock left by a process
 * that no longer runs is taken over.
 */
export function acquireDirLock(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, '..', `${dir.split(/[\\/]/).pop() ?? 'db'}.lock`);
  if (heldHere.has(file)) throw new DataDirLockedError(dir, process.pid);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(file);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldHere.delete(file);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      // A lock naming this very process was left by an earlier run that had the same pid (common in containers).
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(dir, pid);
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
