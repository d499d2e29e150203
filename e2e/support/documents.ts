import type { Page } from '@playwright/test';
import { adminSetsStatus } from './api';
import { newEmail, signInWithProfile } from './sign-in';
import { expect } from './test';

/** The tax year in preparation: the previous calendar year (DECISIONS D2). */
export const YEAR = new Date().getFullYear() - 1;

export type PickedFile = { name: string; content: Buffer };

/** Signed in with a complete profile, the year at Tax Profile (2), on the dashboard. */
export async function readyForDocuments(page: Page, label: string): Promise<void> {
  await signInWithProfile(page, newEmail(label));
  // What the tax-profile wizard (a later issue) will do: the year moves to Tax Profile (2).
  await adminSetsStatus(page, YEAR, 'documents_pending');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Required documents' })).toBeVisible();
}

/** Upload card → category dialog → the browser's file chooser (one or several files), as a person does it. */
export async function uploadFiles(page: Page, category: string, files: PickedFile[]): Promise<void> {
  await page.getByRole('button', { name: 'Upload files' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Document Category' });
  await dialog.getByRole('radio', { name: category }).check();
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await (await chooser).setFiles(files.map(({ name, content }) => ({ name, mimeType: 'application/pdf', buffer: content })));
  await uploaded(page, files.length);
}

/** The success toast, then the rows clearing themselves 2 s later. */
export async function uploaded(page: Page, count = 1): Promise<void> {
  const toast = count === 1 ? '1 file uploaded successfully' : `${count} files uploaded successfully`;
  await expect(page.getByText(toast).first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Uploads' })).toHaveCount(0);
}
