import type { Db } from '../db/client.js';
import { auditEvents } from '../db/schema.js';
import { hashEmail, hashIp } from './personal-hash.js';

export type AuditAction =
  | 'auth.request_code'
  | 'auth.verify_code'
  | 'auth.quick_restore'
  | 'auth.logout'
  | 'debug.login_as'
  | (string & {});

export interface AuditEvent {
  action: AuditAction;
  outcome: 'success' | 'failure';
  /** Who acted (a signed-in user, an admin); null for someone not signed in yet. */
  actorUserId?: number | null;
  /** Whose account or data the event concerns. */
  subjectUserId?: number | null;
  /** Stored only as a keyed hash. */
  email?: string | null;
  /** Stored only as a keyed hash. */
  ip?: string | null;
  /** Ids, reasons and counts only: never names, addresses, codes or tokens. */
  details?: Record<string, string | number | boolean | null>;
}

export interface AuditLog {
  record(event: AuditEvent): Promise<void>;
}

/** The audit trail of DECISIONS D12, shared by every feature. */
export function createAuditLog(db: Db, secret: string, clock: () => Date): AuditLog {
  return {
    async record(event) {
      await db.insert(auditEvents).values({
        action: event.action,
        outcome: event.outcome,
        actorUserId: event.actorUserId ?? null,
        subjectUserId: event.subjectUserId ?? null,
        emailHash: event.email ? hashEmail(secret, event.email) : null,
        ipHash: event.ip ? hashIp(secret, event.ip) : null,
        details: event.details ?? null,
        at: clock(),
      });
    },
  };
}
