/**
 * What of an unexpected error may go to the log. Messages can quote input (a database error names
 * the offending value, a mail error the recipient), so addresses and quoted values are masked and
 * driver extras such as a PostgreSQL `detail` ("Key (email)=(…)") are left out.
 */
export function safeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const e = error as Error & { code?: unknown; statusCode?: unknown; constraint?: unknown; table?: unknown };
  const stackFrames = (e.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  return {
    type: e.name,
    message: maskPersonalData(e.message),
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(typeof e.constraint === 'string' ? { constraint: e.constraint } : {}),
    ...(typeof e.table === 'string' ? { table: e.table } : {}),
    stack: stackFrames.join('\n'),
  };
}

export function maskPersonalData(text: string): string {
  return text
    .replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+/g, '[email]')
    .replace(/"[^"]*"/g, (quoted) => (/^"[a-z_][a-z0-9_]*"$/.test(quoted) ? quoted : '"[value]"'))
    .replace(/\d{6,}/g, '[number]');
}
