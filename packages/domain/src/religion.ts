import { z } from 'zod';
import { RELIGIONS, type Religion } from './tax-profile-enums.js';
import { choiceError } from './text.js';

/**
 * The labels part 2 §3 prints for the religions. A client written from the spec may send them
 * instead of the ids; they are read as the ids, and the ids are what is stored.
 */
export const RELIGION_LABELS = {
  'Roman Catholic': 'roman_catholic',
  Reformed: 'reformed',
  'Christian Catholic': 'christian_catholic',
  'Evangelical Reformed': 'evangelical_reformed',
  'Other/None': 'other_none',
} as const satisfies Record<string, Religion>;

const LABELS = Object.keys(RELIGION_LABELS) as (keyof typeof RELIGION_LABELS)[];

/** A religion by id or by the spec's label; always the id once parsed. */
export const religionSchema = z
  .enum([...RELIGIONS, ...LABELS], choiceError('Religion'))
  .transform((value): Religion => (value in RELIGION_LABELS ? RELIGION_LABELS[value as keyof typeof RELIGION_LABELS] : (value as Religion)));
