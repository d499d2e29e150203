import { describe, expect, it } from 'vitest';
import { adminTaxStatusBody, taxStatusQuery, updateNumericStatusBody } from './tax-status.js';
import { sendMessageBody } from './messages.js';

describe('tax status API schemas', () => {
  it('reads a status by name, by id or by numeric string', () => {
    expect(adminTaxStatusBody.parse({ taxStatus: 'processing' }).taxStatus).toBe(4);
    expect(adminTaxStatusBody.parse({ taxStatus: 6 }).taxStatus).toBe(6);
    expect(adminTaxStatusBody.parse({ taxStatus: ' 2 ' }).taxStatus).toBe(2);
  });

  it('refuses unknown statuses, naming the accepted values', () => {
    for (const taxStatus of ['done', 0, 7, 2.5, '', null, true]) {
      const result = adminTaxStatusBody.safeParse({ taxStatus });
      expect(result.success, String(taxStatus)).toBe(false);
      expect(result.error?.issues[0]?.message).toContain('documents_pending');
    }
  });

  it('accepts only whole status numbers 1 to 6 and a whole tax year', () => {
    expect(updateNumericStatusBody.safeParse({ status: 3, taxYear: 2025 }).success).toBe(true);
    for (const body of [{ status: 0, taxYear: 2025 }, { status: 7, taxYear: 2025 }, { status: '3', taxYear: 2025 }, { status: 3, taxYear: '2025' }, { status: 3 }]) {
      expect(updateNumericStatusBody.safeParse(body).success, JSON.stringify(body)).toBe(false);
    }
  });

  it('reads the query year from a string and refuses non-numbers', () => {
    expect(taxStatusQuery.parse({ taxYear: '2024' })).toEqual({ taxYear: 2024 });
    expect(taxStatusQuery.parse({})).toEqual({});
    expect(taxStatusQuery.safeParse({ taxYear: 'abc' }).success).toBe(false);
  });

  it('trims a message and refuses a blank one with the spec text', () => {
    expect(sendMessageBody.parse({ message: '  hello ' })).toEqual({ message: 'hello' });
    expect(sendMessageBody.safeParse({ message: '   ' }).error?.issues[0]?.message).toBe('Message cannot be empty');
    expect(sendMessageBody.safeParse({ message: 'x'.repeat(5001) }).success).toBe(false);
    expect(sendMessageBody.safeParse({ message: 'x'.repeat(5000) }).success).toBe(true);
  });
});
