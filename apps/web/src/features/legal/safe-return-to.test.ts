import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './safe-return-to';

describe('safeReturnTo', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeReturnTo('/profile')).toBe('/profile');
    expect(safeReturnTo('/profile?firstTime=true')).toBe('/profile?firstTime=true');
  });

  it.each([
    null,
    '',
    'profile',
    '//evil.com',
    '//evil.com/profile',
    '/\\evil.com',
    '/\t/evil.com',
    'https://evil.com',
    'javascript:alert(1)',
    ' /profile',
  ])('refuses %j', (value) => {
    expect(safeReturnTo(value)).toBeNull();
  });
});
