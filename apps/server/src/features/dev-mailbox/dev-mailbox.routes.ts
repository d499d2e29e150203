import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.js';
import type { Mailer } from '../../mail/mailer.js';
import { notFoundError } from '../../plugins/errors.js';
import { AppError } from '../../lib/app-error.js';
import { isLocalRequest, namesThisServer } from '../../lib/loopback.js';
import { escapeHtml } from '../../mail/templates/render.js';
import type { DevOutbox } from '../../mail/dev-outbox.js';

/**
 * /dev/mailbox: the dev outbox as a page, so a developer can sign in without a mail server.
 * Only outside production, only when no SMTP server is configured, and only to a request from this
 * machine (as the debug sign-in); otherwise a plain 404. A request from this machine that names
 * another host (a page of another site whose name resolves to 127.0.0.1) gets 403: the browser
 * would hand that page the codes.
 */
export const devMailboxRoutes: FastifyPluginAsync<{ config: Config; mailer: Mailer }> = async (app, { config, mailer }) => {
  app.get('/dev/mailbox', { config: { access: 'public' } }, async (request, reply) => {
    // Every sign-in code is on this page: only for this machine itself, never over the network.
    if (config.nodeEnv === 'production' || !mailer.outbox || !isLocalRequest(request)) throw notFoundError(request);
    if (!namesThisServer(request, config.publicOrigin)) {
      throw new AppError(403, 'FORBIDDEN', 'The dev mailbox answers only under localhost or PUBLIC_ORIGIN with the server\'s port');
    }
    return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(renderMailbox(mailer.outbox));
  });
};

function renderMailbox(outbox: DevOutbox): string {
  const mails = outbox.list();
  const items = mails.map(
    (mail) => `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">To ${escapeHtml(mail.to)} · ${escapeHtml(mail.sentAt)}</p>
<pre>${escapeHtml(mail.text)}</pre>
</article>`,
  );
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Dev mailbox · Taxli</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#0f172a}
article{border:1px solid #cbd5e1;border-radius:8px;padding:1rem;margin-bottom:1rem}h2{margin:0;font-size:1.1rem}
.meta{color:#475569;font-size:.9rem}pre{white-space:pre-wrap;background:#f8fafc;padding:.75rem;border-radius:6px}</style>
</head>
<body>
<h1>Dev mailbox</h1>
<p>The last ${mails.length} mails this server would have sent (newest first). Reload to update. Exists only in development without SMTP_URL.</p>
${items.join('\n') || '<p>No mails yet.</p>'}
</body>
</html>`;
}
