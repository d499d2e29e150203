/**
 * What of an error may go to the log: the one redaction every logged error passes through (the
 * logger's `err`/`error` serializers and its log-method hook call it, see lib/logger.ts).
 *
 * Only named, harmless fields are kept: the error's type, its masked message, the stack frames, and
 * the codes and identifiers a driver attaches (SQL state, constraint, table, column, errno, SMTP
 * response code). Everything else an error carries is left out, because drivers put input there:
 * PostgreSQL's `detail` ("Key (email)=(…)"), Drizzle's `params` (every value of the failed query),
 * nodemailer's `response`. An SMTP error (nodemailer's, with the server's `response`) keeps no
 * message at all, only a fixed text, the reply's code and the command: nodemailer appends the
 * server's reply to the message, and replies quote the recipient by address and even by name
 * ("550 5.1.1 Anna Muster <anna@…> unknown"), which masking cannot tell from other words. A Drizzle query error keeps the SQL (values are always bound parameters,
 * never in the text) and its cause, never its parameters: its message is
 * "Failed query: <sql>\nparams: <values>", so the message is cut at "params:" too, wherever it is
 * quoted again.
 */
const KEPT_STRINGS = ['code', 'constraint', 'table', 'column', 'syscall'] as const;
const KEPT_NUMBERS = ['errno', 'statusCode', 'responseCode'] as const;
const MAX_CAUSES = 3;
const SMTP_REPLY_LEFT_OUT = 'The mail server refused (its reply is left out: it may name the recipient)';

export function safeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: error === null ? 'null' : typeof error };
  const e = error as Error & Record<string, unknown>;
  const stackFrames = (e.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  const smtpReply = typeof e.response === 'string';
  const kept: Record<string, unknown> = { type: e.name, message: smtpReply ? SMTP_REPLY_LEFT_OUT : safeErrorText(e.message) };
  if (smtpReply && typeof e.command === 'string') kept.command = e.command;
  for (const key of KEPT_STRINGS) if (typeof e[key] === 'string') kept[key] = e[key];
  for (const key of KEPT_NUMBERS) if (typeof e[key] === 'number') kept[key] = e[key];
  if (typeof e.query === 'string') kept.query = maskPersonalData(e.query);
  if (e.cause !== undefined && depth < MAX_CAUSES) kept.cause = safeError(e.cause, depth + 1);
  kept.stack = stackFrames.join('\n');
  return kept;
}

/** An error's message (or one logged as text) as it may go to the log: parameters cut, the rest masked. */
export function safeErrorText(text: string): string {
  return maskPersonalData(withoutQueryParameters(text));
}

/** Drizzle's "Failed query: …\nparams: …": everything from "params:" on is the query's values. */
function withoutQueryParameters(message: string): string {
  const at = message.search(/(^|\n)\s*params:/);
  return at === -1 ? message : `${message.slice(0, at)}\n[parameters left out]`;
}

/**
 * Masks what looks personal in free text: e-mail addresses, quoted values (a quoted lower-case
 * identifier such as "users_email_unique" or 'fileName' stays), AHV numbers in any spelling, and any run of six
 * or more digits, also when dots, spaces, dashes or slashes group them (tax IDs, phone numbers,
 * IBANs' digits, IP addresses).
 */
export function maskPersonalData(text: string): string {
  return text
    .replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+/g, '[email]')
    .replace(/"[^"\n]*"/g, (quoted) => (/^"[a-z_][a-z0-9_]*"$/.test(quoted) ? quoted : '"[value]"'))
    .replace(/'[^'\n]*'/g, (quoted) => (/^'[a-z_$][\w$]*'$/.test(quoted) ? quoted : "'[value]'"))
    .replace(/\d(?:[\d.\s/-]*\d)?/g, (run) => (run.replace(/\D/g, '').length >= 6 ? '[number]' : run));
}
