import { z } from 'zod';
import { hasControlCharacters, hasLoneSurrogates } from '../text.js';

export const MESSAGE_MAX_LENGTH = 5000;

/** POST /api/send-message: the text is trimmed; blank is refused with the spec's message. */
export const sendMessageBody = z.object({
  message: z
    .string({ error: 'Message cannot be empty' })
    .trim()
    .min(1, 'Message cannot be empty')
    .max(MESSAGE_MAX_LENGTH, `Message is too long (at most ${MESSAGE_MAX_LENGTH} characters)`)
    // Line breaks and tabs belong in a message; other control characters (NUL first) never do.
    .refine((value) => !hasControlCharacters(value.replace(/[\t\n\r]/g, ' ')), 'Message must not contain control characters')
    .refine((value) => !hasLoneSurrogates(value), 'Message must be valid text (it contains half of a character)'),
  /**
   * The tax year the message is about (issue 27: a thread per person and year). Optional, as the
   * spec's body has none: left out, the latest transmitted year, else the year in preparation.
   */
  taxYear: z.coerce.number({ error: 'taxYear must be a number' }).int('taxYear must be a whole year').min(1900, 'taxYear is out of range').max(2999, 'taxYear is out of range').optional(),
});
export type SendMessageBody = z.input<typeof sendMessageBody>;

/** The answer; a zod schema (its type inferred), checked against every answer in the API tests. */
export const sendMessageResponse = z.strictObject({ success: z.literal(true), id: z.number(), createdAt: z.string() });
export type SendMessageResponse = z.infer<typeof sendMessageResponse>;
