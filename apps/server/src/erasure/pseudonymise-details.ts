/**
 * An audit event's details with every text that names the person (their e-mail, full name, first
 * or last name) replaced by the pseudonym; undefined when none did. Details are meant to hold ids
 * and outcomes only (lib/audit.repository.ts): this is the net under that rule, so that an erased
 * person is in no event of the trail, which itself stays (issue 30 item 6).
 */
export function pseudonymiseDetails(details: Record<string, unknown>, names: string[], pseudonym: string): Record<string, unknown> | undefined {
  // One pass, longest first (the full name before its parts), so a pseudonym is never replaced
  // again; one letter is no name.
  const alternatives = names
    .map((name) => name.trim())
    .filter((name) => name.length >= 2)
    .sort((a, b) => b.length - a.length)
    .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (alternatives.length === 0) return undefined;
  const pattern = new RegExp(alternatives.join('|'), 'gi');
  let changed = false;
  const result = Object.fromEntries(
    Object.entries(details).map(([key, value]) => {
      if (typeof value !== 'string') return [key, value];
      const replaced = value.replace(pattern, pseudonym);
      if (replaced !== value) changed = true;
      return [key, replaced];
    }),
  );
  return changed ? result : undefined;
}
