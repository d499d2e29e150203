import { existsSync, readFileSync } from 'node:fs';
import { MAIL_FILE } from './environment';

interface ReceivedMail {
  to: string[];
  raw: string;
  at: number;
}

function mailsTo(address: string): ReceivedMail[] {
  if (!existsSync(MAIL_FILE)) return [];
  return readFileSync(MAIL_FILE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReceivedMail)
    .filter((mail) => mail.to.includes(address.toLowerCase()));
}

/** Waits for a mail to `address` received after `since` and returns the 6-digit code in it. */
export async function waitForCode(address: string, since: number, timeoutMs = 15000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = mailsTo(address)
      .filter((m) => m.at >= since)
      .at(-1);
    const code = mail?.raw.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No sign-in code arrived for ${address} within ${timeoutMs} ms`);
}

/** The decoded subject of the newest mail to `address`. */
export function lastSubject(address: string): string | undefined {
  const raw = mailsTo(address).at(-1)?.raw;
  return raw?.match(/^Subject: (.*)$/m)?.[1];
}
