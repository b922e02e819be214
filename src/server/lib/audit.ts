import type { Executor } from '../db/client';
import { insertRows } from '../db/insert-rows';
import { auditLog } from '../db/schema';

export type AuditEntry = {
  actorUserId: string | null;
  /** `<entity>.<verb>`, e.g. `vendor.approved`, `booking.status_changed`. */
  action: string;
  entityType: 'booking' | 'supplier' | 'user' | 'payment_order' | 'subscription' | 'refund' | 'project' | 'dish';
  entityId: string;
  data?: Record<string, unknown>;
};

/** One `audit_log` row, on the caller's transaction so it commits or rolls back with the change it records. */
export async function writeAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await insertRows(tx, auditLog, [{ ...entry, data: entry.data ?? {} }]);
}
