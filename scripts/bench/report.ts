/**
 * docs/benchmarks.md is written by several scripts (server benchmark, start-up, bundle sizes, Lighthouse); each
 * owns one section between markers and replaces only that, so any of them can be re-run alone.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/server/config';

export const BENCHMARKS_DOC = join(PROJECT_ROOT, 'docs', 'benchmarks.md');

export type SectionId = 'machine' | 'server' | 'growth' | 'plans' | 'startup' | 'bundle' | 'lighthouse' | 'notes';

/** The order sections appear in when the file is first written. */
const ORDER: SectionId[] = ['machine', 'notes', 'server', 'growth', 'bundle', 'lighthouse', 'startup', 'plans'];

const HEADER = `# Benchmarks

Measured on the project's own machine by the scripts below; every figure is rewritten when its script runs
again. Server figures are ratios against a reference measured in the same run (the machine is shared and noisy:
absolute numbers swing by tens of percent from run to run), following the method of the performance research
(interleaved rounds, median of the per-round ratios, load generator in its own process on its own core).
`;

const start = (id: SectionId) => `<!-- section:${id} -->`;
const end = (id: SectionId) => `<!-- /section:${id} -->`;

/** Replaces (or adds, in the standard order) one section of docs/benchmarks.md. */
export function writeSection(id: SectionId, markdown: string): void {
  let doc = existsSync(BENCHMARKS_DOC) ? readFileSync(BENCHMARKS_DOC, 'utf8') : HEADER;
  const block = `${start(id)}\n${markdown.trim()}\n${end(id)}`;
  const from = doc.indexOf(start(id));
  const to = doc.indexOf(end(id));
  if (from >= 0 && to > from) {
    doc = doc.slice(0, from) + block + doc.slice(to + end(id).length);
  } else {
    const later = ORDER.slice(ORDER.indexOf(id) + 1)
      .map((next) => doc.indexOf(start(next)))
      .filter((at) => at >= 0);
    const at = later.length > 0 ? Math.min(...later) : -1;
    doc = at >= 0 ? `${doc.slice(0, at)}${block}\n\n${doc.slice(at)}` : `${doc.trimEnd()}\n\n${block}\n`;
  }
  writeFileSync(BENCHMARKS_DOC, doc);
}

function run(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

export type MachineFacts = {
  nproc: string;
  node: string;
  cpu: string;
  memoryGiB: string;
  kernel: string;
  date: string;
  load: string;
};

export function machineFacts(): MachineFacts {
  return {
    nproc: run('nproc', []),
    node: process.version,
    cpu: cpus()[0]?.model ?? 'unknown',
    memoryGiB: (totalmem() / 2 ** 30).toFixed(1),
    kernel: run('uname', ['-sr']),
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    load: loadavg()
      .map((x) => x.toFixed(1))
      .join(' / '),
  };
}

/** A Markdown table. */
export function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.map(String).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The same table as aligned plain text, for the terminal. */
export function textTable(header: string[], rows: (string | number)[][]): string {
  const all = [header, ...rows].map((r) => r.map(String));
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(all[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...all.slice(1).map(line)].join('\n');
}
