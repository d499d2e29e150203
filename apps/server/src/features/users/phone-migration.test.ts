import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { normalisePhone, type CountryCode } from '@taxli/domain';
import { MIGRATIONS_FOLDER } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { drivers, useTestApp } from '../../test/build-test-app.js';
import { signIn } from '../../test/auth-helpers.js';

/** Numbers as they were stored before issue 28: digits only, as typed. */
const STORED_AS_TYPED: Array<[CountryCode, string]> = [
  ['+41', '0791234567'],
  ['+41', '0041791234567'],
  ['+41', '00410791234567'],
  ['+41', '41791234567'],
  ['+41', '0411234567'],
  ['+41', '791234567'],
  ['+49', '0301234567'],
  ['+33', '0612345678'],
  ['+43', '06641234567'],
  ['+32', '0470123456'],
  ['+39', '0612345678'],
  ['+423', '004232312345'],
  ['+352', '621123456'],
  ['+34', '612345678'],
  ['+41', ''],
];

describe.each(drivers)('migration 0011: phone numbers in one form (%s)', (driver) => {
  const ctx = useTestApp(driver);

  it('turns every number stored as typed into the form the server now writes (the domain rule)', async () => {
    const migration = readFileSync(join(MIGRATIONS_FOLDER, '0011_normalise_phone_numbers.sql'), 'utf8');
    const ids: number[] = [];
    for (const [index, [countryCode, phone]] of STORED_AS_TYPED.entries()) {
      const { user } = await signIn(ctx, `person${index}@example.ch`);
      await ctx.database.db.update(users).set({ phone, countryCode }).where(eq(users.id, user.id));
      ids.push(user.id);
    }

    await ctx.database.db.execute(sql.raw(migration));

    for (const [index, [countryCode, phone]] of STORED_AS_TYPED.entries()) {
      const [row] = await ctx.database.db.select({ phone: users.phone }).from(users).where(eq(users.id, ids[index]!));
      expect({ countryCode, phone, stored: row?.phone }).toEqual({ countryCode, phone, stored: normalisePhone(countryCode, phone) });
    }
    // Run again, it changes nothing: the stored form is its own normal form.
    await ctx.database.db.execute(sql.raw(migration));
    const [first] = await ctx.database.db.select({ phone: users.phone }).from(users).where(eq(users.id, ids[0]!));
    expect(first?.phone).toBe('791234567');
  });
});
