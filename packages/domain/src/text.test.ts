import { describe, expect, it } from 'vitest';
import { hasLoneSurrogates, isStorableText, plainText, requiredText } from './text.js';

describe('free text', () => {
  it('tells half a surrogate pair from a whole character', () => {
    expect(hasLoneSurrogates('Zoë 😀')).toBe(false);
    expect(hasLoneSurrogates('a\ud800b')).toBe(true);
    expect(hasLoneSurrogates('\udc00')).toBe(true);
    expect(hasLoneSurrogates('😀'.slice(0, 1))).toBe(true);
  });

  it('calls text storable unless it holds NUL or a lone surrogate', () => {
    expect(isStorableText('Bern\n3011\u0007')).toBe(true);
    expect(isStorableText('Bern\u0000')).toBe(false);
    expect(isStorableText('Be\ud800rn')).toBe(false);
  });

  it('refuses control characters and lone surrogates in every free-text field, with a message naming it', () => {
    for (const schema of [plainText('City', 50), requiredText('City', 50)]) {
      expect(schema.safeParse('  Bern  ').data).toBe('Bern');
      expect(schema.safeParse('Bern\u0000').error?.issues[0]?.message).toBe('City must not contain control characters');
      expect(schema.safeParse('Be\ud800rn').error?.issues[0]?.message).toBe('City must be valid text (it contains half of a character)');
    }
  });
});
