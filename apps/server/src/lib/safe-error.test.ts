import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm';
import { maskPersonalData, safeError } from './safe-error.js';

describe('safeError', () => {
  it('keeps what helps debugging and masks what could be personal', () => {
    const error = Object.assign(new Error('invalid input "Anna Muster" for anna@example.ch, code 123456 in "users"'), {
      code: '22P02',
      detail: 'Key (email)=(anna@example.ch)',
    });
    const logged = safeError(error);
    expect(logged).toMatchObject({ type: 'Error', code: '22P02' });
    expect(logged.message).toBe('invalid input "[value]" for [email], code [number] in "users"');
    expect(JSON.stringify(logged)).not.toMatch(/Anna|anna@|123456|Key \(email\)/);
    expect(String(logged.stack)).toMatch(/^\s+at /);
  });

  it("leaves out a Drizzle query's parameters and keeps the SQL state, constraint and table of its cause", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: '23505',
      constraint: 'users_email_unique',
      table: 'users',
      detail: 'Key (email)=(anna@example.ch) already exists.',
    });
    const query = 'insert into "users" ("email", "first_name", "ahv") values ($1, $2, $3)';
    const error = new DrizzleQueryError(query, ['anna@example.ch', 'Annabella', '756.1234.5678.97'], cause);
    const logged = safeError(error);
    expect(logged).toMatchObject({ query, cause: { code: '23505', constraint: 'users_email_unique', table: 'users' } });
    expect(logged.message).toBe(`Failed query: ${query}\n[parameters left out]`);
    expect(JSON.stringify(logged)).not.toMatch(/Annabella|anna@|756\.1234|1234\.5678|already exists/);
  });

  it('cuts a quoted "params:" out of any message', () => {
    const wrapped = new Error('transaction failed: Failed query: select 1\nparams: Annabella,Mustermann');
    expect(safeError(wrapped).message).toBe('transaction failed: Failed query: select 1\n[parameters left out]');
  });

  it('keeps only named fields of what an error carries', () => {
    const error = Object.assign(new Error('550 mailbox unavailable'), { responseCode: 550, response: '550 <anna@example.ch> unknown', params: ['Anna'] });
    expect(Object.keys(safeError(error)).sort()).toEqual(['message', 'responseCode', 'stack', 'type']);
    expect(safeError('Anna')).toEqual({ type: 'string' });
  });
});

describe('maskPersonalData', () => {
  it('masks addresses, AHV numbers in any spelling, tax IDs and long digit runs', () => {
    expect(maskPersonalData('550 <ben.muster@example.ch> unknown')).toBe('550 <[email]> unknown');
    expect(maskPersonalData('AHV 756.1234.5678.97, 7561234567897 or 756 1234 5678 97')).toBe('AHV [number], [number] or [number]');
    expect(maskPersonalData('tax ID 987.654.321 and CHE-123.456.789, born 1984-02-29')).toBe('tax ID [number] and CHE-[number], born [number]');
    expect(maskPersonalData("reading 'fileName' of 'Anna Muster'")).toBe("reading 'fileName' of '[value]'");
    expect(maskPersonalData('retry 3 of 5 after 250 ms')).toBe('retry 3 of 5 after 250 ms');
  });
});
