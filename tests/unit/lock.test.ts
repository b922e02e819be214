import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDirLock, DataDirLockedError } from '../../src/server/db/lock';

describe('acquireDirLock', () => {
  it('refuses a directory whose lock names a running process, and takes over once it is gone', async () => {
    const root = mkdtempSync(join(tmpdir(), 'lock-'));
    const dir = join(root, 'pglite');
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(root, 'pglite.lock'), String(other.pid));
      expect(() => acquireDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDirLock(dir)).toThrow(/already in use by process \d+/);
    } finally {
      other.kill();
      await new Promise((resolve) => other.once('exit', resolve));
    }
    const release = acquireDirLock(dir);
    expect(existsSync(join(root, 'pglite.lock'))).toBe(true);
    release();
    expect(existsSync(join(root, 'pglite.lock'))).toBe(false);
  });

  it('refuses a second open of the same directory in one process', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'lock-')), 'pglite');
    const release = acquireDirLock(dir);
    try {
      expect(() => acquireDirLock(dir)).toThrow(DataDirLockedError);
    } finally {
      release();
    }
    acquireDirLock(dir)();
  });
});
