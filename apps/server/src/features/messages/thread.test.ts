import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ThreadResponse } from '@taxli/domain';
import { messages } from '../../db/schema.js';
import { drivers, TEST_START, useTestApp } from '../../test/build-test-app.js';
import { get, signIn } from '../../test/auth-helpers.js';
import { transmittedPerson } from '../../test/expert-helpers.js';
import { expertApi, personApi, signInExpert } from '../../test/return-work-helpers.js';
import { sealText } from '../../storage/sealed-text.js';
import { MESSAGE_SEAL } from './message.service.js';

/** By the test clock (March 2026) the year in preparation is 2025. */
const IN_PREPARATION = 2025;

describe.each(drivers)("the person's thread with the experts (%s)", (driver) => {
  const ctx = useTestApp(driver);
  const thread = async (cookie: string, taxYear?: number) => {
    const response = await personApi(ctx, cookie).thread(taxYear);
    expect(response.statusCode).toBe(200);
    return response.json<ThreadResponse>();
  };
  const bodies = (answer: ThreadResponse) => answer.messages.map((m) => m.body);

  it("keeps each year's messages in that year's thread, oldest first, and answers POST /api/send-message as before", async () => {
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    const person = personApi(ctx, cookie);
    const first = await person.sendMessage({ message: 'About 2024', taxYear: 2024 });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ success: true, id: expect.any(Number), createdAt: new Date(TEST_START).toISOString() });
    ctx.clock.advanceMinutes(1);
    await person.sendMessage({ message: 'About 2025, first', taxYear: 2025 });
    ctx.clock.advanceMinutes(1);
    await person.sendMessage({ message: 'About 2025, second', taxYear: '2025' });

    expect(bodies(await thread(cookie, 2024))).toEqual(['About 2024']);
    const answer = await thread(cookie, 2025);
    expect(answer).toMatchObject({ taxYear: 2025, unread: 0 });
    expect(answer.messages.map(({ from, authorFirstName, body, readAt }) => ({ from, authorFirstName, body, readAt }))).toEqual([
      { from: 'person', authorFirstName: '', body: 'About 2025, first', readAt: null },
      { from: 'person', authorFirstName: '', body: 'About 2025, second', readAt: null },
    ]);
    // Without a year: the year in preparation.
    expect((await thread(cookie)).taxYear).toBe(IN_PREPARATION);
  });

  it('puts a message without a year into the latest transmitted year, else the year in preparation', async () => {
    const anna = await transmittedPerson(ctx, 'anna@example.ch', 2024);
    await personApi(ctx, anna.cookie).sendMessage({ message: 'Which year is this?' });
    expect(bodies(await thread(anna.cookie, 2024))).toEqual(['Which year is this?']);
    expect(bodies(await thread(anna.cookie, IN_PREPARATION))).toEqual([]);

    const { cookie } = await signIn(ctx, 'ben@example.ch');
    await personApi(ctx, cookie).sendMessage({ message: 'Nothing transmitted yet' });
    expect(bodies(await thread(cookie, IN_PREPARATION))).toEqual(['Nothing transmitted yet']);
  });

  it('shows messages from before threads had years in the thread of the year in preparation only', async () => {
    const { cookie, user } = await signIn(ctx, 'anna@example.ch');
    const key = ctx.app.deps.config.masterKey;
    await ctx.database.db.insert(messages).values({ userId: user.id, taxYear: null, body: sealText(key, MESSAGE_SEAL, 'An old question'), createdAt: new Date(TEST_START - 86_400_000) });
    await personApi(ctx, cookie).sendMessage({ message: 'A new one', taxYear: IN_PREPARATION });
    expect(bodies(await thread(cookie, IN_PREPARATION))).toEqual(['An old question', 'A new one']);
    expect(bodies(await thread(cookie, 2024))).toEqual([]);
  });

  it("answers with the caller's own messages only", async () => {
    const anna = await transmittedPerson(ctx, 'anna@example.ch', IN_PREPARATION);
    const ben = await signIn(ctx, 'ben@example.ch');
    await personApi(ctx, anna.cookie).sendMessage({ message: "Anna's question" });
    const erika = await signInExpert(ctx);
    await expertApi(ctx, erika.cookie, anna.user.id, IN_PREPARATION).sendMessage({ message: 'For Anna only' });
    expect(await thread(ben.cookie, IN_PREPARATION)).toEqual({ taxYear: IN_PREPARATION, messages: [], unread: 0 });
    // Ben reading did not mark Anna's message read.
    const [expertMessage] = await ctx.database.db.select().from(messages).where(eq(messages.fromExpert, true));
    expect(expertMessage!.readAt).toBeNull();
    expect((await thread(anna.cookie, IN_PREPARATION)).unread).toBe(1);
  });

  it('refuses a year out of range (400 naming taxYear) on both routes, and answers 401 without a session', async () => {
    const { cookie } = await signIn(ctx, 'anna@example.ch');
    for (const response of [await personApi(ctx, cookie).thread(2040), await personApi(ctx, cookie).sendMessage({ message: 'hi', taxYear: 1990 })]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error.field).toBe('taxYear');
    }
    expect((await get(ctx.app, '/api/messages?taxYear=2025')).statusCode).toBe(401);
    expect(await ctx.database.db.select().from(messages)).toHaveLength(0);
  });
});
