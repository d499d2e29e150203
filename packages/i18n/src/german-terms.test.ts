import { describe, expect, it } from 'vitest';
import { NAMESPACES, resources } from './index.js';

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(texts);
}

/**
 * One word for one thing in German and Swiss German (issue 28): the spouse is "Ehepartner/in" (what
 * most texts said), never also "Ehegatte"; investments are "Kapitalanlagen", never the bare
 * "Anlagen", which also reads as "attachments"; documents that prove an amount are "Belege".
 */
describe.each(['de', 'gsw'] as const)('German terms (%s)', (language) => {
  const all = NAMESPACES.flatMap((namespace) => texts(resources[language][namespace]));

  it('names the spouse one way', () => {
    expect(all.filter((text) => /Ehegatt/i.test(text))).toEqual([]);
    expect(all.some((text) => /Ehepartner/.test(text))).toBe(true);
  });

  it('never says the bare "Anlagen", which also means attachments', () => {
    expect(all.filter((text) => /(^|[^\p{L}])(Anlage|Aalage|Alage)/u.test(text))).toEqual([]);
  });
});
