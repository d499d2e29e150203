import { taxYearInPreparation, type ThreadMessage, type ThreadResponse } from '@taxli/domain';
import type { Clock } from '../../lib/clock.js';
import { resolveTaxYear } from '../../lib/tax-year.js';
import { openText, sealText } from '../../storage/sealed-text.js';
import type { MessageRepository, StoredMessage, ThreadKey } from './message.repository.js';
import { MESSAGE_SEAL } from './message.service.js';

export interface ThreadDeps {
  messages: MessageRepository;
  /** Opens and seals the bodies (a message may hold an AHV number, D12). */
  masterKey: Buffer;
  clock: Clock;
  /** An account's first name (the users service's); undefined once the account is gone. */
  firstNameOf(userId: number): Promise<string | undefined>;
}

/**
 * The thread of a person's tax year with the experts (issue 27), on both sides: reading it marks
 * the other side's messages read. Who may read which thread is the caller's check: the person's
 * routes name their own id, the expert's routes first check that the return exists.
 */
export function createThreadService({ messages, masterKey, clock, firstNameOf }: ThreadDeps) {
  const keyOf = (userId: number, taxYear: number): ThreadKey => ({ userId, taxYear, withLegacy: taxYear === taxYearInPreparation(clock()) });

  /** The messages as the answer shows them: bodies opened, each with its author's first name. */
  async function present(userId: number, rows: StoredMessage[]): Promise<ThreadMessage[]> {
    const authorIds = [...new Set([userId, ...rows.flatMap((row) => (row.expertUserId === null ? [] : [row.expertUserId]))])];
    const names = new Map(await Promise.all(authorIds.map(async (id) => [id, (await firstNameOf(id)) ?? ''] as const)));
    return rows.map((row) => ({
      id: row.id,
      from: row.fromExpert ? 'expert' : 'person',
      // An expert whose account was removed has no name left: the web app shows its word for "expert".
      authorFirstName: (row.fromExpert ? row.expertUserId !== null && names.get(row.expertUserId) : names.get(userId)) || '',
      body: openText(masterKey, MESSAGE_SEAL, row.sealedBody),
      createdAt: row.createdAt.toISOString(),
      readAt: row.readAt?.toISOString() ?? null,
    }));
  }

  /** Reads the thread as one side: the other side's messages become read; `unread` is how many were not before. */
  async function readAs(reader: 'person' | 'expert', userId: number, taxYear: number): Promise<ThreadResponse> {
    const key = keyOf(userId, taxYear);
    const unread = await messages.markRead(key, reader === 'person', clock());
    return { taxYear, messages: await present(userId, await messages.thread(key)), unread };
  }

  async function post(userId: number, taxYear: number, text: string, expertUserId: number | null): Promise<ThreadMessage> {
    const row = await messages.insert({ userId, taxYear, body: sealText(masterKey, MESSAGE_SEAL, text), expertUserId, now: clock() });
    const [message] = await present(userId, [row]);
    return message!;
  }

  return {
    /** GET /api/messages: the person's own thread of the year named (checked), or of the year in preparation. */
    readByPerson: (userId: number, requestedYear: number | undefined) => readAs('person', userId, resolveTaxYear(clock(), requestedYear)),
    /** The expert's view of a person's thread (the caller audits it). */
    readByExpert: (userId: number, taxYear: number) => readAs('expert', userId, taxYear),
    /** An expert's message in the person's thread; no hourly limit (the experts are staff). */
    postFromExpert: (userId: number, taxYear: number, expertUserId: number, text: string) => post(userId, taxYear, text, expertUserId),
    /** The person's message a status change carries (asking for changes), outside the hourly limit. */
    postFromPerson: (userId: number, taxYear: number, text: string) => post(userId, taxYear, text, null),

    /** Every message of every year, opened, for the person's data export: nothing is marked read. */
    async allOfPerson(userId: number): Promise<Array<ThreadMessage & { taxYear: number | null }>> {
      const rows = await messages.allOf(userId);
      const shown = await present(userId, rows);
      return shown.map((message, index) => ({ taxYear: rows[index]!.taxYear, ...message }));
    },

    /** The experts' messages the person has not read, per year (the bell). */
    async unreadFromExpertsByYear(userId: number): Promise<Map<number, number>> {
      const inPreparation = taxYearInPreparation(clock());
      const counts = new Map<number, number>();
      for (const { taxYear, count } of await messages.unreadByYear(userId, true)) {
        const year = taxYear ?? inPreparation;
        counts.set(year, (counts.get(year) ?? 0) + Number(count));
      }
      return counts;
    },
  };
}

export type ThreadService = ReturnType<typeof createThreadService>;
