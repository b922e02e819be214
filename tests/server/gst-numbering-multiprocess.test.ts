import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/server/config';
import type { DatabaseHandle } from '../../src/server/db/client';
import { bookingLedger, gstDocuments, gstDocumentSeries, settings } from '../../src/server/db/schema';
import { GST_BUSINESS_KEY } from '../../src/server/modules/gst/gst-settings.service';
import { gstinCheckChar } from '../../src/shared/gstin';
import { makeBooking } from './helpers/projects';
import { openTestDatabase, testConfig } from './helpers/test-app';

/**
 * GST document numbers across processes (docs/gst.md#numbering): three processes issue receipt vouchers against one
 * PostgreSQL at once; the numbers are consecutive with no gap and no duplicate. Then one of three is killed with
 * SIGKILL while its transactions hold numbers: the numbers committed are still consecutive from 1, none reused,
 * and the series carries on after them. PostgreSQL only (npm run test:pg).
 */
const TITLE = process.env.TEST_DATABASE_URL
  ? 'GST numbering across three processes (PostgreSQL)'
  : 'GST numbering across three processes: SKIPPED, it needs PostgreSQL; set TEST_DATABASE_URL (npm run test:pg)';

type Worker = { child: ChildProcess; numbers: string[]; exited: Promise<number | null> };

function startWorker(url: string, bookingId: string, env: Record<string, string>): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/gst-issue-worker.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: url, GST_BOOKING_ID: bookingId, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const numbers: string[] = [];
  createInterface({ input: child.stdout! }).on('line', (text) => {
    const line = JSON.parse(text) as { number?: string };
    if (line.number) numbers.push(line.number);
  });
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(`[gst worker ${child.pid}] ${chunk.toString()}`));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, numbers, exited };
}

async function until(what: string, check: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(TITLE, () => {
  let database: DatabaseHandle | undefined;
  const workers: Worker[] = [];
  afterAll(async () => {
    for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
    await database?.close();
  });

  it(
    '200 vouchers from 3 processes get 200 consecutive numbers; a kill mid-issue leaves no gap',
    { timeout: 180_000 },
    async () => {
      database = await openTestDatabase();
      if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const { db } = database;
      const { url } = database;
      const first14 = '23AAACA1234A1Z';
      await db.insert(settings).values({
        key: GST_BUSINESS_KEY,
        value: {
          legal_name: 'Annapurna Hospitality Private Limited',
          trade_name: 'Annapurna Events',
          address: 'Indore',
          state_code: '23',
          gstin: first14 + gstinCheckChar(first14),
          fssai: null,
          package_sac: '996334',
        },
      });
      const booking = await makeBooking(
        { db, config: testConfig() },
        { status: 'confirmed', finalAmountPaise: 10_00_00_000_00 },
      );
      const serials = async () =>
        (
          await db
            .select({ serial: gstDocuments.serial, number: gstDocuments.number })
            .from(gstDocuments)
            .where(eq(gstDocuments.kind, 'receipt_voucher'))
            .orderBy(asc(gstDocuments.serial))
        ).map((row) => row.serial);
      const consecutive = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

      // --- 200 in parallel from three processes.
      for (const count of [67, 67, 66])
        workers.push(startWorker(url, booking.id, { GST_ISSUE_COUNT: String(count), GST_ISSUE_CONCURRENCY: '5' }));
      expect(await Promise.all(workers.map((w) => w.exited))).toEqual([0, 0, 0]);
      expect(await serials()).toEqual(consecutive(200));
      const reported = workers.flatMap((w) => w.numbers);
      expect(new Set(reported).size).toBe(200);

      // --- A crash mid-issue: one of three is killed while its transactions hold numbers.
      const crash = [
        startWorker(url, booking.id, { GST_ISSUE_COUNT: '60', GST_ISSUE_CONCURRENCY: '4', GST_ISSUE_HOLD_MS: '60' }),
        startWorker(url, booking.id, { GST_ISSUE_COUNT: '60', GST_ISSUE_CONCURRENCY: '4', GST_ISSUE_HOLD_MS: '60' }),
        startWorker(url, booking.id, { GST_ISSUE_COUNT: '60', GST_ISSUE_CONCURRENCY: '4', GST_ISSUE_HOLD_MS: '60' }),
      ];
      workers.push(...crash);
      await until('the victim to commit a few', () => crash[0]!.numbers.length >= 5, 60_000);
      crash[0]!.child.kill('SIGKILL');
      const codes = await Promise.all(crash.map((w) => w.exited));
      expect(codes.slice(1)).toEqual([0, 0]);
      const after = await serials();
      expect(after).toEqual(consecutive(after.length));
      expect(after.length).toBe(200 + crash[0]!.numbers.length + 120);
      const [series] = await db.select().from(gstDocumentSeries).where(eq(gstDocumentSeries.kind, 'receipt_voucher'));
      expect(series!.lastSerial).toBe(after.length);
      // Every voucher has its payment and every payment its voucher: nothing half-written.
      const payments = await db.select().from(bookingLedger).where(eq(bookingLedger.bookingId, booking.id));
      expect(payments).toHaveLength(after.length);
    },
  );
});
