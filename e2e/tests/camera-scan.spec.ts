import type { Page } from '@playwright/test';
import { PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import config from '../playwright.config';
import { expectNoAxeViolations } from '../support/axe';
import { apiAsUser } from '../support/api';
import { readyForDocuments, uploaded, YEAR } from '../support/documents';
import { expect, test } from '../support/test';

type Listed = { name: string; categoryId: number; blobUrl: string };

/** Chromium's fake camera (a moving test pattern) with permission granted; the config's other flags stay. */
const configured = config.use?.launchOptions ?? {};
const FAKE_CAMERA = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];
test.use({ launchOptions: { ...configured, args: [...new Set([...(configured.args ?? []), ...FAKE_CAMERA])] } });

/** Today as the scan's file name has it (the browser's day; browser and test run on one machine). */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The year's files in one category, as the API lists them. */
async function filesIn(page: Page, categoryId: number): Promise<Listed[]> {
  const files = (await apiAsUser(page, 'GET', `/api/files?taxYear=${YEAR}`)) as Listed[];
  return files.filter((file) => file.categoryId === categoryId);
}

/** The stored PDF, read back: its pages and the pixel size of each page's photo. */
async function readPdf(page: Page, url: string) {
  const response = await page.request.get(url);
  expect(response.ok()).toBe(true);
  const pdf = await PDFDocument.load(await response.body());
  const images = pdf.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFRawStream => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
    .map((image) => ({
      width: (image.dict.get(PDFName.of('Width')) as PDFNumber).asNumber(),
      height: (image.dict.get(PDFName.of('Height')) as PDFNumber).asNumber(),
    }));
  return { pageCount: pdf.getPageCount(), images };
}

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('two pages captured, one retaken, sent as one PDF named after the category and the day', async ({ page }) => {
    await readyForDocuments(page, 'camera-scan');
    await page.getByRole('button', { name: 'Take a photo' }).click();
    const categories = page.getByRole('dialog', { name: 'Select Document Category' });
    await categories.getByRole('radio', { name: 'Salary Statement' }).check();
    await categories.getByRole('button', { name: 'Continue' }).click();

    const camera = page.getByRole('dialog', { name: 'Take a photo of a document' });
    await expect(camera).toHaveAccessibleDescription('For: Salary Statement. The pages are sent as one PDF.');
    await expect(camera.getByRole('button', { name: 'Capture' })).toBeEnabled();
    await expectNoAxeViolations(page);
    await camera.getByRole('button', { name: 'Capture' }).click();
    await expect(camera.getByRole('heading', { name: '1 page' })).toBeFocused();
    await expect(camera.getByRole('img', { name: 'Page 1 of 1' })).toBeVisible();

    await camera.getByRole('button', { name: 'Add page' }).click();
    await expect(camera.getByRole('button', { name: 'Capture' })).toBeFocused();
    await page.keyboard.press('Enter'); // the keyboard captures as well
    await expect(camera.getByRole('heading', { name: '2 pages' })).toBeVisible();
    const firstBefore = await camera.getByRole('img', { name: 'Page 1 of 2' }).getAttribute('src');

    await camera.getByRole('button', { name: 'Retake page 1' }).click();
    await camera.getByRole('button', { name: 'Capture page 1 again' }).click();
    await expect(camera.getByRole('img')).toHaveCount(2);
    await expect(camera.getByRole('img', { name: 'Page 1 of 2' })).not.toHaveAttribute('src', firstBefore!);
    // Each preview shows a real photo, not a broken image.
    for (const image of await camera.getByRole('img').all()) {
      expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
    await expectNoAxeViolations(page);
    // Nothing of the dialog runs off a 390 px screen.
    expect(await camera.evaluate((dialog) => dialog.scrollWidth <= dialog.clientWidth)).toBe(true);

    await camera.getByRole('button', { name: 'Send as PDF (2 pages)' }).click();
    await uploaded(page);
    await expect(camera).toHaveCount(0);

    const salary = await filesIn(page, 5);
    expect(salary.map((file) => file.name)).toEqual([`Salary-Statement_${today()}.pdf`]);
    const { pageCount, images } = await readPdf(page, salary[0]!.blobUrl);
    expect(pageCount).toBe(2);
    // Chromium's fake camera gives up to 1920 × 1080 when asked: the scan is taken at that, not at 640 × 480.
    for (const image of images) expect(Math.max(image.width, image.height)).toBeGreaterThanOrEqual(1920);
  });
});

test.describe('on a desktop (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('files dropped on the upload card go to the chosen category', async ({ page }) => {
    await readyForDocuments(page, 'drop-files');
    await expect(page.getByText('Or drop files here')).toBeVisible();
    const card = page.locator('[data-drop-zone]');
    const dataTransfer = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      const pdf = `%PDF-1.4\n% Versicherung\n${'x'.repeat(2000)}\n%%EOF\n`;
      transfer.items.add(new File([pdf], 'Police-2025.pdf', { type: 'application/pdf' }));
      return transfer;
    });
    await card.dispatchEvent('dragenter', { dataTransfer });
    await card.dispatchEvent('dragover', { dataTransfer });
    await expect(card.getByText('Drop files to upload')).toBeVisible();
    await expectNoAxeViolations(page);
    await card.dispatchEvent('drop', { dataTransfer });
    await expect(card.getByText('Drop files to upload')).toHaveCount(0);

    const categories = page.getByRole('dialog', { name: 'Select Document Category' });
    await categories.getByRole('radio', { name: 'Insurance Certificates' }).check();
    await categories.getByRole('button', { name: 'Continue' }).click();
    await uploaded(page);
    expect((await filesIn(page, 2)).map((file) => file.name)).toEqual(['Police-2025.pdf']);
  });
});
