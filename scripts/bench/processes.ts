/**
 * Child processes of the benchmark: started pinned to a CPU (with taskset, when the machine has it and two or
 * more cores), remembered, and stopped by their own PID, never by name.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';

/** `--no-pin` leaves placement to the scheduler (when other work keeps CPU 0 busy, pinning starves the server). */
export const CAN_PIN =
  !process.argv.includes('--no-pin') && availableParallelism() >= 2 && spawnSync('taskset', ['--version']).status === 0;

/** The server side (app, R1, R3) runs on CPU 0, the load generators on CPU 1. */
export const SERVER_CPU = 0;
export const LOAD_CPU = 1;

/** `node --import tsx <file> …`, pinned to `cpu` when possible (taskset execs node, so the PID is node's). */
export function nodeCommand(cpu: number | null, file: string, args: string[] = []): [string, string[]] {
  const node = [process.execPath, '--import', 'tsx', file, ...args];
  return pinned(cpu, node);
}

export function pinned(cpu: number | null, argv: string[]): [string, string[]] {
  if (CAN_PIN && cpu !== null) return ['taskset', ['-c', String(cpu), ...argv]];
  return [argv[0]!, argv.slice(1)];
}

export type Child = {
  pid: number;
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. */
  stop(graceMs?: number): Promise<void>;
};

const running = new Set<ChildProcess>();

/** Stops every child still running (on exit or an interrupt of the benchmark). */
export function stopAllChildren(): void {
  for (const child of running) {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
}

export function startChild(command: [string, string[]], env: NodeJS.ProcessEnv, cwd: string): Child {
  const child = spawn(command[0], command[1], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    });
    child.on('error', (error) => {
      output += String(error);
      running.delete(child);
      resolve(-1);
    });
  });
  return {
    pid: child.pid!,
    output: () => output,
    exited,
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || !child.pid) return;
      process.kill(child.pid, 'SIGTERM');
      const timer = setTimeout(() => {
        if (child.exitCode === null && child.pid) process.kill(child.pid, 'SIGKILL');
      }, graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Runs a child to the end and parses the last line of its stdout as JSON. */
export async function runJson<T>(command: [string, string[]], env: NodeJS.ProcessEnv, cwd: string): Promise<T> {
  const child = startChild(command, env, cwd);
  const code = await child.exited;
  const lines = child.output().trim().split('\n');
  const last = lines.reverse().find((line) => line.startsWith('{'));
  if (code !== 0 || !last)
    throw new Error(`${command[1].join(' ')} failed (exit ${code}):\n${child.output().slice(-2000)}`);
  return JSON.parse(last) as T;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls a URL until it answers 2xx; returns the milliseconds it took. */
export async function waitForHttp(url: string, timeoutMs: number, child?: Child): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < timeoutMs) {
    try {
      const response = await fetch(url);
      if (response.ok) return performance.now() - t0;
    } catch {
      // not listening yet
    }
    if (
      child &&
      (await Promise.race([child.exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 50))]))
    ) {
      throw new Error(`the process exited before ${url} answered:\n${child.output().slice(-3000)}`);
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms${child ? `:\n${child.output().slice(-3000)}` : ''}`);
}
