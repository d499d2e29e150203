import type { DocumentRequestSummary, ReturnProgressResponse } from '@taxli/domain';
import type { Clock } from '../../lib/clock.js';
import { resolveTaxYear } from '../../lib/tax-year.js';
import type { ThreadService } from '../messages/thread.service.js';
import type { TaxStatusService } from '../tax-status/tax-status.service.js';
import type { UserService } from '../users/user.service.js';
import { requestSummary } from './client-file.service.js';
import { preparedReturnSummary } from './prepared-return.service.js';
import type { DocumentRequestRepository } from './document-request.repository.js';
import type { PreparedReturnRepository } from './prepared-return.repository.js';
import type { ReturnCaseRepository } from './return-case.repository.js';

export interface ReturnProgressDeps {
  users: Pick<UserService, 'findNamed'>;
  taxStatus: Pick<TaxStatusService, 'currentStatusId'>;
  thread: Pick<ThreadService, 'unreadFromExpertsByYear'>;
  cases: ReturnCaseRepository;
  requests: DocumentRequestRepository;
  preparedReturns: PreparedReturnRepository;
  clock: Clock;
  /** Opens the sealed notes of document requests. */
  masterKey: Buffer;
}

/**
 * GET /api/tax/return-progress (issue 27): what the person's dashboard shows of the expert's work
 * on their own year. Before transmission (status below 4) nothing of it exists for the person yet,
 * and the answer says so with empty parts, whatever rows an expert's earlier work left.
 */
export function createReturnProgressService({ users, taxStatus, thread, cases, requests, preparedReturns, clock, masterKey }: ReturnProgressDeps) {
  return {
    async get(userId: number, requestedYear: number | undefined): Promise<ReturnProgressResponse> {
      const taxYear = resolveTaxYear(clock(), requestedYear);
      const status = await taxStatus.currentStatusId(userId, taxYear);
      const nothingYet = { taxYear, status, expertFirstName: null, openRequests: [], preparedReturn: null, filedOn: null, unreadMessages: 0 };
      if (status < 4) return nothingYet;
      const [theCase, yearRequests, prepared, unreadMessages] = await Promise.all([
        cases.find(userId, taxYear),
        requests.forYear(userId, taxYear),
        // The prepared return is the person's to read from status 5 (D18), not while the expert works on it.
        status >= 5 ? preparedReturns.latest(userId, taxYear) : undefined,
        thread.unreadFromExpertsByYear(userId).then((byYear) => byYear.get(taxYear) ?? 0),
      ]);
      const expert = theCase?.assigneeUserId == null ? undefined : await users.findNamed(theCase.assigneeUserId);
      return {
        ...nothingYet,
        // The first name only: the person deals with Taxli, not with an employee's full identity.
        expertFirstName: expert?.firstName ?? null,
        openRequests: yearRequests.filter((request) => request.fulfilledAt === null).map((request) => requestSummary(masterKey, request)),
        preparedReturn: prepared ? preparedReturnSummary(prepared) : null,
        filedOn: theCase?.filedOn ?? null,
        unreadMessages,
      };
    },

    /**
     * The experts' work on each of the person's years as stored, whatever the status (the data
     * export): who handles it (an account id) and since when, the filing date, and every document
     * request, its note opened.
     */
    async allOfPerson(userId: number): Promise<ExpertWorkOfYear[]> {
      const [yearCases, allRequests] = await Promise.all([cases.forPerson(userId), requests.allOfPerson(userId)]);
      const years = [...new Set([...yearCases.map((c) => c.taxYear), ...allRequests.map((r) => r.taxYear)])].sort((a, b) => a - b);
      return years.map((taxYear) => {
        const theCase = yearCases.find((c) => c.taxYear === taxYear);
        return {
          taxYear,
          handledBy: theCase?.assigneeUserId ?? null,
          assignedAt: theCase?.assignedAt?.toISOString() ?? null,
          filedOn: theCase?.filedOn ?? null,
          documentRequests: allRequests.filter((r) => r.taxYear === taxYear).map((request) => requestSummary(masterKey, request)),
        };
      });
    },
  };
}

/** The experts' work on one of the person's years, as the data export holds it. */
export interface ExpertWorkOfYear {
  taxYear: number;
  handledBy: number | null;
  assignedAt: string | null;
  filedOn: string | null;
  documentRequests: DocumentRequestSummary[];
}

export type ReturnProgressService = ReturnType<typeof createReturnProgressService>;
