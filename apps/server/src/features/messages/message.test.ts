import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SendMessageResponse } from '@taxli/domain';
import { auditEvents, messages } from '../../db/schema.js';
import { drivers, TEST_START, useTestApp } from '../../test/build-test-app.js';
import { signIn } from '../../test/auth-helpers.js';
import { send } from '../../test/status-helpers.js';
import { openText } from '../../storage/sealed-text.js';
import { MESSAGE_SEAL, MESSAGES_PER_HOUR } from './message.service.js';

describe.each(drivers)('POST /api/send-message (%s)', (driver) => {
  const ctx = useTestApp(driver);
  const sendMessage = (cookie: string | undefined, payload: unknown) => send(ctx.app, 'POST', '/api/send-message', cookie, payload);
  const stored = () => ctx.database.db.select().from(messages).orderBy(messages.id);

  it('stores the trimmed text for the sender, sealed, and answers 201 with id and time', async () => {
    const { cookie, user } = await signIn(ctx, 'anna@example.ch');
    const response = await sendMessage(cookie, { message: '  Grüezi, I have a question about my Säule 3a.\n' });
    expect(response.statusCode).toBe(201);
    const body = response.json<SendMessageResponse>();
    expect(body).toEqual({ success: true, id: expect.any(Number), createdAt: new Date(TEST_START).toISOString() });
    const rows = await stored();
    expect(rows).toMatchObject([{ id: body.id, userId: user.id }]);
    // Sealed at rest (D12): the row holds no readable text, and the master key opens it.
    expect(rows[0]!.body).not.toContain('Säule');
    expect(openText(ctx.app.deps.config.masterKey, MESSAGE_SEAL, rows[0]!.body)).toBe('Grüezi, I have a question about my Säule 3a.');
  });

  it('records an audit event that does not contain the text', async () => {
    const { cookie, user } = await signIn(ctx, 'anna@example.ch');
    await sendMessage(cookie, { message: 'My AHV number is 756.1234.5678.97' });
    const events = await ctx.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'message.send'));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorUserId: user.id, subjectUserId: user.id });
    expect(JSON.stringify(events)).not.toContain('756.1234');
    expect(ctx.logs.join('\n')).not.toContain('756.1234');
  });

  it("refuses a blank message with 400 'Message cannot be empty'", async () => {
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    for (const payload of [{ message: '' }, { message: '   \n\t ' }, {}]) {
      const response = await sendMessage(cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error, JSON.stringify(payload)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'message', message: expect.stringContaining('Message cannot be empty') });
    }
    expect(await stored()).toHaveLength(0);
  });

  it('accepts 5000 characters and refuses 5001, a non-text message or control characters (NUL)', async () => {
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    expect((await sendMessage(cookie, { message: 'a'.repeat(5000) })).statusCode).toBe(201);
    for (const payload of [{ message: 'a'.repeat(5001) }, { message: 42 }, { message: ['hi'] }, { message: 'Frage\u0007' }]) {
      const response = await sendMessage(cookie, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'message' });
    }
    // NUL and half a surrogate pair are refused on every route before its schema: the database could not store them.
    for (const message of ['\u0000', 'Frage \ud800']) {
      const response = await sendMessage(cookie, { message });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'INVALID_CHARACTERS', field: 'message' });
    }
    expect(await stored()).toHaveLength(1);
  });

  it(`limits each user to ${MESSAGES_PER_HOUR} messages an hour (429 with Retry-After), counted in the database`, async () => {
    const anna = await signIn(ctx, 'anna@example.ch');
    const ben = await signIn(ctx, 'ben@example.ch');
    const answers = await Promise.all(Array.from({ length: MESSAGES_PER_HOUR + 3 }, (_, i) => sendMessage(anna.cookie, { message: `question ${i}` })));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(MESSAGES_PER_HOUR);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not affected; a new app instance on the same database still counts them.
    expect((await sendMessage(ben.cookie, { message: 'hello' })).statusCode).toBe(201);
    await ctx.rebuild();
    expect((await sendMessage(anna.cookie, { message: 'again' })).statusCode).toBe(429);
    // Steps shorter than the 30-minute idle timeout keep the session alive.
    ctx.clock.advanceMinutes(25);
    expect((await sendMessage(anna.cookie, { message: 'still too soon' })).statusCode).toBe(429);
    ctx.clock.advanceMinutes(25);
    expect((await sendMessage(anna.cookie, { message: 'still too soon' })).statusCode).toBe(429);
    ctx.clock.advanceMinutes(11);
    expect((await sendMessage(anna.cookie, { message: 'an hour later' })).statusCode).toBe(201);
  });

  it('answers 401 without a session', async () => {
    expect((await sendMessage(undefined, { message: 'hello' })).statusCode).toBe(401);
    expect(await stored()).toHaveLength(0);
  });

  it("stores the message for the sender only, whatever user id the body names", async () => {
    const anna = await signIn(ctx, 'anna@example.ch');
    const ben = await signIn(ctx, 'ben@example.ch');
    await sendMessage(anna.cookie, { message: 'from anna', userId: ben.user.id });
    const rows = await stored();
    expect(rows).toMatchObject([{ userId: anna.user.id }]);
    expect(openText(ctx.app.deps.config.masterKey, MESSAGE_SEAL, rows[0]!.body)).toBe('from anna');
  });
});
