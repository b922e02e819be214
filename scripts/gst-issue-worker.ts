/**
 * Issues GST receipt vouchers against one booking on the PostgreSQL named by DATABASE_URL, the way money received
 * issues them (a ledger payment row and its voucher in one transaction), `GST_ISSUE_COUNT` of them with
 * `GST_ISSUE_CONCURRENCY` transactions at once. The numbering tests run three of these side by side and kill one
 * mid-issue (docs/gst.md#numbering). `GST_ISSUE_HOLD_MS` keeps each transaction open that long after its number is
 * taken, so a kill lands while numbers are held.
 *
 *   DATABASE_URL=postgres://... GST_BOOKING_ID=<uuid> node --import tsx scripts/gst-issue-worker.ts
 *
 * Prints one JSON line per committed voucher ({"number": ...}) and {"msg":"done"} at the end.
 */
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { issueReceiptVoucher } from '../src/server/modules/gst/gst-documents.service';
import { addPayment } from '../src/server/modules/payments/ledger';
import { bookings } from '../src/server/db/schema';
import { eq } from 'drizzle-orm';

const config = loadConfig();
if (!config.databaseUrl) {
  process.stderr.write('gst-issue-worker: set DATABASE_URL\n');
  process.exit(2);
}
const count = Number(process.env.GST_ISSUE_COUNT ?? 10);
const concurrency = Number(process.env.GST_ISSUE_CONCURRENCY ?? 4);
const holdMs = Number(process.env.GST_ISSUE_HOLD_MS ?? 0);
const bookingId = process.env.GST_BOOKING_ID!;

const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir, poolSize: concurrency });
const deps = { db: database.db, config };
const [booking] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
if (!booking) throw new Error(`no booking ${bookingId}`);

let next = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < count) {
      next += 1;
      const number = await database.db.transaction(async (tx) => {
        const row = await addPayment(tx, {
          bookingId,
          amountPaise: 999_00,
          method: 'cash',
          reference: `W${process.pid}-${next}`,
          actorUserId: null,
          note: 'Numbering test',
        });
        const voucher = await issueReceiptVoucher(deps, tx, booking, {
          ledgerId: row!.id,
          amountPaise: 999_00,
          label: 'Booking amount',
          actorUserId: null,
        });
        if (holdMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * holdMs));
        return voucher!.number;
      });
      process.stdout.write(`${JSON.stringify({ pid: process.pid, number })}\n`);
    }
  }),
);
process.stdout.write(`${JSON.stringify({ msg: 'done' })}\n`);
await database.close();
process.exit(0);
