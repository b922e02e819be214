import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client';
import {
  auditLog,
  bookings,
  emailOutbox,
  notifications,
  projectInvitations,
  projects,
  supplierQuotes,
  suppliers,
  users,
} from '../../src/server/db/schema';
import { PROJECT_ROOT } from '../../src/server/config';
import { openTestDatabase } from './helpers/test-app';

/**
 * Three processes share one PostgreSQL, 200 projects fall due within the same minute,
 * one process is killed with SIGKILL while it is awarding; every project must still be closed exactly once, with
 * the winner the award rule names, one winner notification each and no duplicate notification or e-mail.
 * PostgreSQL only (PGlite is one process by construction): CI runs the server suite with TEST_DATABASE_URL.
 */
const PROJECTS = 200;
const WORKERS = 3;

type Worker = {
  child: ChildProcess;
  lines: Record<string, unknown>[];
  exited: Promise<{ code: number | null; signal: string | null }>;
};

function startWorker(url: string): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/auto-assign-worker.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: url,
      AUTO_ASSIGN_SWEEP_SECONDS: '3',
      AUTO_ASSIGN_POLL_SECONDS: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Record<string, unknown>[] = [];
  createInterface({ input: child.stdout! }).on('line', (text) => {
    try {
      lines.push(JSON.parse(text) as Record<string, unknown>);
    } catch {
      lines.push({ msg: text });
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(`[worker ${child.pid}] ${chunk.toString()}`));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, lines, exited };
}

async function until(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  stepMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
}

const closedBy = (w: Worker) =>
  w.lines.filter((l) => typeof l.msg === 'string' && l.msg.startsWith('project closed by'));

type Expected = { winner: string | null; status: 'awarded' | 'unassigned'; invitees: string[] };

const TITLE = process.env.TEST_DATABASE_URL
  ? 'auto-assign across three processes (PostgreSQL)'
  : 'auto-assign across three processes: SKIPPED, it needs PostgreSQL; set TEST_DATABASE_URL (npm run test:pg)';

if (!process.env.TEST_DATABASE_URL) {
  console.info(
    'auto-assign-multiprocess: skipped, needs PostgreSQL. ' +
      'Run it with TEST_DATABASE_URL=postgres://… (npm run test:pg).',
  );
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(TITLE, () => {
  let database: DatabaseHandle | undefined;
  const workers: Worker[] = [];

  afterAll(async () => {
    for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGTERM');
    await Promise.race([
      Promise.all(workers.map((w) => w.exited)),
      new Promise((resolve) => setTimeout(resolve, 15_000)),
    ]);
    for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
    await database?.close();
  });

  it('awards 200 projects exactly once while one of three workers is killed', { timeout: 90_000 }, async () => {
    const started = Date.now();
    database = await openTestDatabase();
    if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const { db } = database;

    // --- Seed: one admin, six suppliers, 200 bookings with open projects due within a few seconds of each other.
    const [admin] = await db
      .insert(users)
      .values({ email: 'ops@example.in', fullName: 'Ops Admin', role: 'admin' })
      .returning();
    const supplierRows = await db
      .insert(suppliers)
      .values(
        [4.9, 4.5, 4.5, 4.1, 3.8, 3.2].map((rating, i) => ({
          name: `Owner ${i}`,
          businessName: `Caterer ${i}`,
          email: `caterer${i}@example.in`,
          phone: '+919876543210',
          approvalStatus: 'approved' as const,
          isActive: true,
          isVerified: true,
          rating,
        })),
      )
      .returning();
    const s = supplierRows.map((r) => r.id);
    const bookingRows = await db
      .insert(bookings)
      .values(
        Array.from({ length: PROJECTS }, (_, i) => ({
          clientName: `Client ${i}`,
          clientEmail: `client${i}@example.in`,
          eventName: `Event ${String(i).padStart(3, '0')}`,
          eventDate: '2031-12-01',
          status: 'quoted' as const,
          source: 'admin' as const,
          finalAmountPaise: 10_000_000,
        })),
      )
      .returning({ id: bookings.id });
    // Far in the future until the workers run; then all 200 fall due within two seconds of each other.
    const projectRows = await db
      .insert(projects)
      .values(bookingRows.map((b) => ({ bookingId: b.id, autoAssignDate: new Date(Date.now() + 86_400_000) })))
      .returning({ id: projects.id });

    const expected = new Map<string, Expected>();
    const invitations: (typeof projectInvitations.$inferInsert)[] = [];
    const quotes: (typeof supplierQuotes.$inferInsert)[] = [];
    const t0 = new Date(Date.now() - 3_600_000);
    const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
    projectRows.forEach(({ id }, i) => {
      const kind = i % 5;
      const invite = (ids: string[]) => invitations.push(...ids.map((supplierId) => ({ projectId: id, supplierId })));
      const quote = (supplierId: string, rupees: number, minutes: number) =>
        quotes.push({ projectId: id, supplierId, amountPaise: rupees * 100, submittedAt: at(minutes) });
      if (kind === 0) {
        // No quotes, one invitee: that invitee.
        invite([s[4]!]);
        expected.set(id, { winner: s[4]!, status: 'awarded', invitees: [s[4]!] });
      } else if (kind === 1) {
        // No quotes, three invitees: unassigned, admins told.
        invite([s[0]!, s[1]!, s[2]!]);
        expected.set(id, { winner: null, status: 'unassigned', invitees: [s[0]!, s[1]!, s[2]!] });
      } else if (kind === 2) {
        // The lowest quote wins whatever the rating.
        invite([s[0]!, s[3]!, s[5]!]);
        quote(s[0]!, 90_000 + i, 1);
        quote(s[5]!, 80_000 + i, 2);
        quote(s[3]!, 85_000, 3);
        expected.set(id, { winner: s[5]!, status: 'awarded', invitees: [s[0]!, s[3]!, s[5]!] });
      } else if (kind === 3) {
        // Same amount: the higher rating wins, even with the later quote.
        invite([s[3]!, s[0]!]);
        quote(s[3]!, 50_000, 1);
        quote(s[0]!, 50_000, 9);
        expected.set(id, { winner: s[0]!, status: 'awarded', invitees: [s[3]!, s[0]!] });
      } else {
        // Same amount and rating: the earlier quote wins.
        invite([s[1]!, s[2]!, s[4]!]);
        quote(s[1]!, 70_000, 5);
        quote(s[2]!, 70_000, 4);
        expected.set(id, { winner: s[2]!, status: 'awarded', invitees: [s[1]!, s[2]!, s[4]!] });
      }
    });
    await db.insert(projectInvitations).values(invitations);
    await db.insert(supplierQuotes).values(quotes);
    const projectIds = projectRows.map((p) => p.id);
    const seededAt = Date.now();

    // --- Three workers; wait until each runs pg-boss.
    for (let i = 0; i < WORKERS; i += 1) workers.push(startWorker(database.url));
    await until('three ready workers', () => workers.every((w) => w.lines.some((l) => l.msg === 'ready')), 30_000);
    const errors = () => workers.flatMap((w) => w.lines.filter((l) => l.level === 'error'));
    for (const w of workers)
      expect(
        w.lines.find((l) => l.msg === 'ready'),
        JSON.stringify(errors()),
      ).toMatchObject({ mode: 'pg-boss' });
    const readyAt = Date.now();
    // Due in 8 s: the workers' sweeps (every 3 s, looking 6 s ahead) queue a pg-boss job for each first.
    const dueAt = readyAt + 8_000;
    await db.execute(sql`
      update projects set auto_assign_date = ${new Date(dueAt).toISOString()}::timestamptz
        + (abs(hashtext(id::text)) % 2000) * interval '1 millisecond'`);

    // --- Kill one worker with SIGKILL as soon as it has closed its first project (it is in the middle of a batch).
    const victim = workers[0]!;
    const openCount = async () =>
      Number(
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(projects)
            .where(eq(projects.status, 'open'))
        )[0]!.n,
      );
    await until(
      'the victim to start awarding',
      async () => closedBy(victim).length > 0 || (await openCount()) < PROJECTS - 60,
      30_000,
      20,
    );
    const closedWhenKilled = PROJECTS - (await openCount());
    victim.child.kill('SIGKILL');
    expect(await victim.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const killedAt = Date.now();

    // --- Bounded wait: no project may stay open.
    await until('every project to close', async () => (await openCount()) === 0, 40_000, 200);
    const doneAt = Date.now();

    // --- Every project closed once, with the right outcome.
    const rows = await db.select().from(projects).where(inArray(projects.id, projectIds));
    expect(rows).toHaveLength(PROJECTS);
    for (const row of rows) {
      const want = expected.get(row.id)!;
      expect({ id: row.id, status: row.status, winner: row.awardedSupplierId }).toEqual({
        id: row.id,
        status: want.status,
        winner: want.winner,
      });
    }

    const notes = await db.select().from(notifications).where(inArray(notifications.projectId, projectIds));
    const byProject = new Map<string, typeof notes>();
    for (const n of notes) byProject.set(n.projectId!, [...(byProject.get(n.projectId!) ?? []), n]);
    for (const [id, want] of expected) {
      const mine = byProject.get(id) ?? [];
      if (want.status === 'awarded') {
        expect(mine.filter((n) => n.kind === 'project_awarded').map((n) => n.supplierId)).toEqual([want.winner]);
        expect(
          mine
            .filter((n) => n.kind === 'project_not_selected')
            .map((n) => n.supplierId)
            .sort(),
        ).toEqual(want.invitees.filter((x) => x !== want.winner).sort());
        expect(mine).toHaveLength(want.invitees.length);
      } else {
        expect(mine.map((n) => [n.kind, n.userId])).toEqual([['project_unassigned', admin!.id]]);
      }
    }
    const rowsOf = async (query: ReturnType<typeof sql>) => [
      ...((await db.execute(query)) as unknown as Iterable<Record<string, unknown>>),
    ];
    const duplicateNotes = await rowsOf(sql`
      select project_id, kind, coalesce(supplier_id::text, user_id::text) as who, count(*)::int as n
      from notifications group by 1, 2, 3 having count(*) > 1`);
    expect(duplicateNotes).toEqual([]);

    // E-mails: one per person told, never twice (event names are unique, so subject + address is a key).
    const awardedCount = [...expected.values()].filter((e) => e.status === 'awarded').length;
    const unassignedCount = PROJECTS - awardedCount;
    const losers = [...expected.values()].reduce(
      (sum, e) => sum + (e.status === 'awarded' ? e.invitees.length - 1 : 0),
      0,
    );
    const mailCounts = await db
      .select({ template: emailOutbox.template, n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .groupBy(emailOutbox.template);
    expect(Object.fromEntries(mailCounts.map((m) => [m.template, Number(m.n)]))).toEqual({
      project_awarded: awardedCount,
      project_not_selected: losers,
      project_unassigned: unassignedCount,
    });
    const duplicateMails = await rowsOf(sql`
      select to_address, subject, count(*)::int from email_outbox group by 1, 2 having count(*) > 1`);
    expect(duplicateMails).toEqual([]);

    const audits = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(
        and(
          inArray(auditLog.entityId, projectIds),
          inArray(auditLog.action, ['project.awarded', 'project.unassigned']),
        ),
      );
    expect(Number(audits[0]!.n)).toBe(PROJECTS);

    // --- How the work was shared (reported, and a check that pg-boss jobs did real work).
    const autoAssignJob = sql`name = 'project-auto-assign'`;
    const jobs = await rowsOf(sql`
      select state, count(*)::int as n from pgboss.job where ${autoAssignJob} group by state order by state`);
    const perWorker = workers.map((w) => ({
      pid: w.child.pid,
      byJob: closedBy(w).filter((l) => l.msg === 'project closed by its job').length,
      bySweep: closedBy(w).filter((l) => l.msg === 'project closed by the sweep').length,
    }));
    const timing = {
      seed_ms: seededAt - started,
      workers_ready_ms: readyAt - seededAt,
      first_due_after_ready_ms: dueAt - readyAt,
      killed_after_due_ms: killedAt - dueAt,
      closed_before_kill: closedWhenKilled,
      all_closed_after_due_ms: doneAt - dueAt,
      total_ms: Date.now() - started,
    };
    console.log(JSON.stringify({ timing, perWorker, jobs, errors: errors() }));
    expect(perWorker.reduce((sum, w) => sum + w.byJob, 0)).toBeGreaterThan(0);
  });
});
