import {
  DASHBOARD_REQUESTS_ANCHOR,
  dashboardUrl,
  DASHBOARD_MESSAGES_ANCHOR,
  DEFAULT_LANGUAGE,
  isActiveLanguage,
  taxStatusId,
  yearNotifications,
  type Notification,
  type YearFacts,
} from '@taxli/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../mail/mailer.js';
import { renderPersonNoticeMail, type PersonNoticeKind } from '../../mail/templates/person-notice.js';
import type { ThreadService } from '../messages/thread.service.js';
import type { DocumentRequestRepository } from './document-request.repository.js';
import type { ReturnCaseRepository } from './return-case.repository.js';

/**
 * What reaches the person of the expert's work (issue 27): an e-mail in their language for each
 * step, and the bell's notices derived from the state of their years.
 */

export type { PersonNoticeKind };

export interface PersonNoticeMailDeps {
  mailer: Mailer;
  /** The app's address, for the link in the mail. */
  publicOrigin: string;
  log: FastifyBaseLogger;
  /** The person's address and language (the users service's); undefined once the account is gone. */
  recipientOf(userId: number): Promise<{ email: string; language: string } | undefined>;
}

export interface NoticeDetails {
  /** The filing date, which the `filed` mail names. */
  filedOn?: string;
}

/** Where each kind's link leads: the year on the dashboard, at the part the news is about. */
function pathFor(kind: PersonNoticeKind, taxYear: number): string {
  if (kind === 'expertMessage') return dashboardUrl(taxYear, DASHBOARD_MESSAGES_ANCHOR);
  if (kind === 'documentRequest') return dashboardUrl(taxYear, DASHBOARD_REQUESTS_ANCHOR);
  return dashboardUrl(taxYear);
}

export function createPersonNoticeMails({ mailer, publicOrigin, log, recipientOf }: PersonNoticeMailDeps) {
  return {
    /**
     * Mails the person. Called after the change is committed: a failed send is logged (what kind of
     * failure, never the address or the text) and does not undo what the expert or person did; the
     * bell tells of it all the same.
     */
    async send(kind: PersonNoticeKind, userId: number, taxYear: number, details: NoticeDetails = {}): Promise<void> {
      try {
        const recipient = await recipientOf(userId);
        if (!recipient) return;
        const language = isActiveLanguage(recipient.language) ? recipient.language : DEFAULT_LANGUAGE;
        const link = new URL(pathFor(kind, taxYear), publicOrigin).href;
        await mailer.send({ to: recipient.email, ...renderPersonNoticeMail(language, kind, { link, filedOn: details.filedOn }) });
      } catch (error) {
        log.error({ err: error, kind }, 'person notice mail failed');
      }
    },
  };
}

export type PersonNoticeMails = ReturnType<typeof createPersonNoticeMails>;

export interface YearNoticeDeps {
  thread: Pick<ThreadService, 'unreadFromExpertsByYear'>;
  requests: Pick<DocumentRequestRepository, 'openForPerson'>;
  returnCases: Pick<ReturnCaseRepository, 'forPerson'>;
}

/** The bell's notices of the expert's work, from the state of every year of the person's. */
export function createYearNotices({ thread, requests, returnCases }: YearNoticeDeps) {
  return {
    /** `statuses`: every year with a stored status (the user record has them). */
    async forPerson(userId: number, statuses: ReadonlyArray<{ taxYear: number; status: string }>): Promise<Notification[]> {
      const [unread, open, cases] = await Promise.all([thread.unreadFromExpertsByYear(userId), requests.openForPerson(userId), returnCases.forPerson(userId)]);
      const years = new Map<number, YearFacts>();
      const year = (taxYear: number) => {
        let facts = years.get(taxYear);
        if (!facts) {
          facts = { taxYear, status: 1, unreadExpertMessages: 0, openRequestCategoryIds: [], filedOn: null };
          years.set(taxYear, facts);
        }
        return facts;
      };
      for (const { taxYear, status } of statuses) year(taxYear).status = taxStatusId(status);
      for (const [taxYear, count] of unread) year(taxYear).unreadExpertMessages = count;
      for (const { taxYear, categoryId } of open) {
        const categories = year(taxYear).openRequestCategoryIds;
        if (!categories.includes(categoryId)) categories.push(categoryId);
      }
      for (const { taxYear, filedOn } of cases) year(taxYear).filedOn = filedOn;
      return yearNotifications([...years.values()]);
    },
  };
}

export type YearNotices = ReturnType<typeof createYearNotices>;
