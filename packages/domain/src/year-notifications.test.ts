import { describe, expect, it } from 'vitest';
import { NOTIFICATION_IDS, PROFILE_NOTIFICATION_IDS, YEAR_NOTIFICATION_IDS, notificationSchema } from './notifications.js';
import { dashboardUrl, yearNotifications, type YearFacts } from './year-notifications.js';

const quiet = (taxYear: number, status = 4): YearFacts => ({ taxYear, status, unreadExpertMessages: 0, openRequestCategoryIds: [], filedOn: null });

describe("the bell's notices of the expert's work (issue 27)", () => {
  it('keeps the five profile rules first and unchanged, then the year notices', () => {
    expect(NOTIFICATION_IDS).toEqual([...PROFILE_NOTIFICATION_IDS, ...YEAR_NOTIFICATION_IDS]);
    expect(PROFILE_NOTIFICATION_IDS).toEqual(['missing-name', 'missing-phone', 'missing-tax-address', 'incomplete-tax-profile', 'no-subscription-plan']);
  });

  it('says nothing about a quiet year, before or after transmission', () => {
    expect(yearNotifications([quiet(2025, 2), quiet(2024, 4), quiet(2023, 6)])).toEqual([]);
  });

  it('derives each notice from the state of its year, with the year, a link into the dashboard and a schema-valid shape', () => {
    const list = yearNotifications([
      { ...quiet(2024, 6), filedOn: '2025-04-02' },
      { ...quiet(2025, 5), unreadExpertMessages: 2, openRequestCategoryIds: [22, 5] },
    ]);
    expect(list.map(({ id, taxYear, actionUrl, priority }) => ({ id, taxYear, actionUrl, priority }))).toEqual([
      { id: 'expert-message', taxYear: 2025, actionUrl: '/?year=2025#messages', priority: 'high' },
      { id: 'document-request', taxYear: 2025, actionUrl: '/?year=2025#document-requests', priority: 'high' },
      { id: 'review-required', taxYear: 2025, actionUrl: '/?year=2025', priority: 'high' },
      { id: 'return-filed', taxYear: 2024, actionUrl: '/?year=2024', priority: 'low' },
    ]);
    for (const notice of list) {
      expect(notificationSchema.parse(notice)).toEqual(notice);
      expect(notice.description, notice.id).toContain(String(notice.taxYear));
      expect(`${notice.title}${notice.description}`, notice.id).not.toMatch(/\{\{|\}\}/);
    }
  });

  it('tells of a filing only once the date is recorded', () => {
    expect(yearNotifications([quiet(2025, 6)])).toEqual([]);
    expect(yearNotifications([{ ...quiet(2025, 6), filedOn: '2026-03-01' }]).map((n) => n.id)).toEqual(['return-filed']);
  });

  it('links to the dashboard the way its year selector does', () => {
    expect(dashboardUrl(2025)).toBe('/?year=2025');
    expect(dashboardUrl(2025, 'messages')).toBe('/?year=2025#messages');
  });
});
