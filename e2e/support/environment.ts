import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Shared between global setup (which starts servers) and the tests (which read mails). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_ORIGIN = `http://localhost:${E2E_PORT}`;
export const E2E_STATE_DIR = process.env.E2E_STATE_DIR ?? join(tmpdir(), `taxli-e2e-${E2E_PORT}`);
export const MAIL_FILE = join(E2E_STATE_DIR, 'mails.jsonl');
/** Made an administrator by ADMIN_EMAILS: drives what a later wizard or the experts would do. */
export const E2E_ADMIN_EMAIL = 'expert@taxli-e2e.example.ch';
