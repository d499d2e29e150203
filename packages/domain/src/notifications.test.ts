import { describe, expect, it } from 'vitest';
import { PROFILE_NOTIFICATION_IDS, notificationsFor, type NotificationSubject } from './notifications.js';

const complete: NotificationSubject = {
  firstName: 'Anna',
  lastName: 'Muster',
  phone: '0791234567',
  taxAddress: { street: 'Bahnhofstrasse 1', city: 'Zürich' },
  isTaxProfileComplete: true,
  subscriptionPlan: 'basic',
};
const empty: NotificationSubject = {
  firstName: '',
  lastName: '',
  phone: '',
  taxAddress: { street: null, city: null },
  isTaxProfileComplete: false,
  subscriptionPlan: null,
};
const ids = (user: NotificationSubject) => notificationsFor(user).map((n) => n.id);

describe('notification rules (part 1 §9)', () => {
  it('has nothing to say to a complete user', () => {
    expect(notificationsFor(complete)).toEqual([]);
  });

  it('lists all five for an empty record, with the spec categories, priorities and links', () => {
    expect(notificationsFor(empty).map(({ id, category, priority, actionUrl }) => ({ id, category, priority, actionUrl }))).toEqual([
      { id: 'missing-name', category: 'profile', priority: 'high', actionUrl: '/profile' },
      { id: 'missing-phone', category: 'profile', priority: 'medium', actionUrl: '/profile' },
      { id: 'missing-tax-address', category: 'address', priority: 'high', actionUrl: '/address-demo' },
      { id: 'incomplete-tax-profile', category: 'tax', priority: 'high', actionUrl: '/profile?setup=tax' },
      { id: 'no-subscription-plan', category: 'payment', priority: 'medium', actionUrl: '/profile#plan' },
    ]);
    expect(ids(empty)).toEqual([...PROFILE_NOTIFICATION_IDS]);
    for (const n of notificationsFor(empty)) {
      expect(n.title, n.id).not.toBe('');
      expect(n.description, n.id).not.toBe('');
      expect(n.actionText, n.id).not.toBe('');
    }
  });

  it('treats a missing first or last name, or one of spaces only, as missing', () => {
    expect(ids({ ...complete, firstName: '' })).toEqual(['missing-name']);
    expect(ids({ ...complete, lastName: '  ' })).toEqual(['missing-name']);
  });

  it('flags a missing phone alone', () => {
    expect(ids({ ...complete, phone: '' })).toEqual(['missing-phone']);
  });

  it('flags the tax address when street or city is missing', () => {
    expect(ids({ ...complete, taxAddress: { street: 'Bahnhofstrasse 1', city: null } })).toEqual(['missing-tax-address']);
    expect(ids({ ...complete, taxAddress: { street: '', city: 'Bern' } })).toEqual(['missing-tax-address']);
  });

  it('flags an incomplete tax profile', () => {
    expect(ids({ ...complete, isTaxProfileComplete: false })).toEqual(['incomplete-tax-profile']);
  });

  it('flags no plan, also the legacy value "none", but not basic or premium', () => {
    expect(ids({ ...complete, subscriptionPlan: null })).toEqual(['no-subscription-plan']);
    expect(ids({ ...complete, subscriptionPlan: 'none' })).toEqual(['no-subscription-plan']);
    expect(ids({ ...complete, subscriptionPlan: 'premium' })).toEqual([]);
  });
});
