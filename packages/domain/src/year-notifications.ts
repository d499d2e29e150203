import type { Notification, YearNotificationId } from './notifications.js';

/**
 * The bell's notices about the expert's work on a person's years (issue 27): derived from the state
 * of each year, so a notice goes away by itself once the person has read, uploaded or approved.
 */

/**
 * Where on the dashboard a notice leads: the year (`?year=`, as the year selector writes it) and a
 * part of the return panel: the year's thread, or the expert's open document requests (each with
 * its Upload button; a link cannot open a file picker, browsers allow that only on a click).
 */
export const DASHBOARD_MESSAGES_ANCHOR = 'messages';
export const DASHBOARD_REQUESTS_ANCHOR = 'document-requests';

export function dashboardUrl(taxYear: number, anchor?: string): string {
  return `/?year=${taxYear}${anchor ? `#${anchor}` : ''}`;
}

/** What the server knows of one year of the person's. */
export interface YearFacts {
  taxYear: number;
  /** The status id (1–6). */
  status: number;
  /** The experts' messages of the year's thread the person has not read. */
  unreadExpertMessages: number;
  /** The categories with an open document request, oldest request first. */
  openRequestCategoryIds: number[];
  /** The day the return was filed with the canton (YYYY-MM-DD), once the expert recorded it. */
  filedOn: string | null;
}

type Template = Omit<Notification, 'taxYear' | 'actionUrl'> & {
  id: YearNotificationId;
  applies(year: YearFacts): boolean;
  url(year: YearFacts): string;
};

/** `{{taxYear}}` is filled in here for the English answer; the web's translations carry the same placeholder. */
const TEMPLATES: readonly Template[] = [
  {
    id: 'expert-message',
    title: 'New message from your expert',
    description: 'Your expert has written to you about your {{taxYear}} tax return.',
    category: 'tax',
    priority: 'high',
    actionText: 'Read message',
    applies: (y) => y.unreadExpertMessages > 0,
    url: (y) => dashboardUrl(y.taxYear, DASHBOARD_MESSAGES_ANCHOR),
  },
  {
    id: 'document-request',
    title: 'Your expert needs a document',
    description: 'Please upload the document your expert asked for, for your {{taxYear}} tax return.',
    category: 'documents',
    priority: 'high',
    actionText: 'Upload document',
    applies: (y) => y.openRequestCategoryIds.length > 0,
    url: (y) => dashboardUrl(y.taxYear, DASHBOARD_REQUESTS_ANCHOR),
  },
  {
    id: 'review-required',
    title: 'Your tax return is ready for review',
    description: 'Your expert has prepared your {{taxYear}} tax return. Read it, then approve it or ask for changes.',
    category: 'tax',
    priority: 'high',
    actionText: 'Review return',
    applies: (y) => y.status === 5,
    url: (y) => dashboardUrl(y.taxYear),
  },
  {
    id: 'return-filed',
    title: 'Your tax return has been filed',
    description: 'Your expert has filed your {{taxYear}} tax return with the tax office. The dashboard shows the filing date.',
    category: 'tax',
    priority: 'low',
    actionText: 'View return',
    applies: (y) => y.status === 6 && y.filedOn !== null,
    url: (y) => dashboardUrl(y.taxYear),
  },
];

const fill = (text: string, taxYear: number) => text.replaceAll('{{taxYear}}', String(taxYear));

/** The notices of every year, newest year first, in the templates' order within a year. */
export function yearNotifications(years: readonly YearFacts[]): Notification[] {
  return [...years]
    .sort((a, b) => b.taxYear - a.taxYear)
    .flatMap((year) =>
      TEMPLATES.filter((template) => template.applies(year)).map(({ applies: _applies, url, ...template }) => ({
        ...template,
        title: fill(template.title, year.taxYear),
        description: fill(template.description, year.taxYear),
        actionUrl: url(year),
        taxYear: year.taxYear,
      })),
    );
}
