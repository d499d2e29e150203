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

  it('has the five rules of part 1 §9, with the spec categories, priorities and links', () => {
    // Each alone, so that no rule waits for another.
    const each = [
      notificationsFor({ ...complete, firstName: '' }),
      notificationsFor({ ...complete, phone: '' }),
      notificationsFor({ ...complete, taxAddress: { street: null, city: null } }),
      notificationsFor({ ...complete, isTaxProfileComplete: false }),
      notificationsFor({ ...complete, subscriptionPlan: null }),
    ].flat();
    expect(each.map(({ id, category, priority, actionUrl }) => ({ id, category, priority, actionUrl }))).toEqual([
      { id: 'missing-name', category: 'profile', priority: 'high', actionUrl: '/profile' },
      { id: 'missing-phone', category: 'profile', priority: 'medium', actionUrl: '/profile' },
      { id: 'missing-tax-address', category: 'address', priority: 'high', actionUrl: '/address-demo' },
      { id: 'incomplete-tax-profile', category: 'tax', priority: 'high', actionUrl: '/profile?setup=tax' },
      { id: 'no-subscription-plan', category: 'payment', priority: 'medium', actionUrl: '/profile#plan' },
    ]);
    expect(each.map((n) => n.id)).toEqual([...PROFILE_NOTIFICATION_IDS]);
    for (const n of each) {
      expect(n.title, n.id).not.toBe('');
      expect(n.description, n.id).not.toBe('');
      expect(n.actionText, n.id).not.toBe('');
    }
  });

  it('tells a brand-new account (on the basic plan, D14) one thing: its next step, then the one after', () => {
    const brandNew = { ...empty, subscriptionPlan: 'basic' };
    expect(ids(brandNew)).toEqual(['missing-name']);
    // The first-time profile saved: the tax profile is next; its wizard asks the tax address.
    expect(ids({ ...brandNew, firstName: 'Anna', lastName: 'Muster', phone: '0791234567' })).toEqual(['incomplete-tax-profile']);
    // The name given but the phone not (the same form asks both): that is said, with the next step.
    expect(ids({ ...brandNew, firstName: 'Anna', lastName: 'Muster' })).toEqual(['missing-phone', 'incomplete-tax-profile']);
  });

  it('says a tax address gone missing once the tax profile is complete', () => {
    expect(ids({ ...complete, isTaxProfileComplete: false, taxAddress: { street: null, city: null } })).toEqual(['incomplete-tax-profile']);
    expect(ids({ ...complete, taxAddress: { street: null, city: null } })).toEqual(['missing-tax-address']);
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
