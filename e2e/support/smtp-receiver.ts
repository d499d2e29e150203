import { SMTPServer } from 'smtp-server';
import { appendFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';

/**
 * A real SMTP server on loopback. Every mail it receives is appended to `mailFile` as one JSON line,
 * so test workers (other processes) can read the codes out of it.
 */
export async function startSmtpReceiver(mailFile: string): Promise<{ port: number; close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        appendFileSync(mailFile, JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8'), at: Date.now() }) + '\n');
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
