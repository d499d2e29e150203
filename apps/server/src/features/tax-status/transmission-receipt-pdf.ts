import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { resources } from '@taxli/i18n';
import { findCategory, type ActiveLanguage, type TransmittedDocument } from '@taxli/domain';
import { printable, wrapText } from '../../lib/pdf-text.js';
import { interpolate } from '../../mail/templates/render.js';
import { formatReceiptTime } from '../../mail/templates/transmission-receipt.js';

export interface ReceiptFacts {
  taxYear: number;
  transmittedAt: Date;
  name: string;
  email: string;
  documents: TransmittedDocument[];
}

const A4: [number, number] = [595.28, 841.89];
const LEFT = 56;
const WIDTH = A4[0] - 2 * LEFT;
const BOTTOM = 64;
const ink = rgb(0.06, 0.09, 0.16);
const muted = rgb(0.28, 0.33, 0.41);

/** A size in the person's language: bytes below 1 KB, else KB or MB with one decimal. */
export function formatSize(language: ActiveLanguage, bytes: number): string {
  const locale = language === 'gsw' ? 'de-CH' : `${language}-CH`;
  const number = (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
  if (bytes < 1024) return `${number(bytes)} B`;
  if (bytes < 1024 * 1024) return `${number(bytes / 1024)} KB`;
  return `${number(bytes / (1024 * 1024))} MB`;
}

/**
 * The transmission receipt (D19) in the person's language: who, which year, when, every document
 * version the transmission froze (category, file name, size, SHA-256) and what happens next.
 * Made with pdf-lib; pages are added as the list needs them, each numbered.
 */
export async function transmissionReceiptPdf(language: ActiveLanguage, facts: ReceiptFacts): Promise<Uint8Array> {
  const t = resources[language].mail.transmissionReceipt.pdf;
  const next = resources[language].mail.transmissionReceipt.next;
  const categoryNames = resources[language].categories.names as Record<string, string>;
  const pdf = await PDFDocument.create();
  const title = `${t.title} · ${interpolate(t.taxYear, { year: facts.taxYear })}`;
  pdf.setTitle(title);
  pdf.setLanguage(language === 'gsw' ? 'de-CH' : language);
  pdf.setCreator('Taxli');
  pdf.setProducer('Taxli');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.Courier);

  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - 64;
  const ensureRoom = (height: number) => {
    if (y - height >= BOTTOM) return;
    page = pdf.addPage(A4);
    y = A4[1] - 64;
  };
  const write = (text: string, options: { size?: number; font?: PDFFont; x?: number; color?: typeof ink } = {}) => {
    const font = options.font ?? regular;
    page.drawText(printable(font, text), { x: options.x ?? LEFT, y, size: options.size ?? 10, font, color: options.color ?? ink });
  };
  const paragraph = (text: string, size = 10, font = regular) => {
    for (const line of wrapText(font, printable(font, text), size, WIDTH)) {
      ensureRoom(size + 4);
      write(line, { size, font });
      y -= size + 4;
    }
  };

  write(t.title, { size: 22, font: bold });
  y -= 24;
  write(interpolate(t.taxYear, { year: facts.taxYear }), { size: 13, font: bold });
  y -= 30;
  for (const [label, value] of [
    [t.person, facts.name],
    [t.email, facts.email],
    [t.transmittedAt, formatReceiptTime(language, facts.transmittedAt)],
  ] as const) {
    write(label, { font: bold });
    write(value, { x: LEFT + 120 });
    y -= 16;
  }
  y -= 14;
  write(interpolate(t.documents, { count: facts.documents.length }), { size: 13, font: bold });
  y -= 20;
  if (facts.documents.length === 0) paragraph(t.none);
  for (const document of facts.documents) {
    const category = categoryNames[String(document.categoryId)] ?? findCategory(document.categoryId)?.name ?? String(document.categoryId);
    const nameLines = wrapText(regular, printable(regular, document.fileName), 10, WIDTH);
    ensureRoom(14 + nameLines.length * 14 + 12 + 10);
    write(`${t.category}: ${category}`, { size: 9, font: bold, color: muted });
    const size = `${t.size}: ${formatSize(language, document.size)}`;
    write(size, { size: 9, x: LEFT + WIDTH - regular.widthOfTextAtSize(size, 9), color: muted });
    y -= 14;
    for (const line of nameLines) {
      write(line, { size: 10 });
      y -= 14;
    }
    write(`SHA-256 ${document.sha256}`, { size: 8, font: mono });
    y -= 22;
  }
  y -= 8;
  ensureRoom(40);
  write(t.nextHeading, { size: 13, font: bold });
  y -= 18;
  paragraph(next);
  y -= 8;
  paragraph(t.note, 9);

  const pages = pdf.getPages();
  pages.forEach((each, index) => {
    const footer = `Taxli · ${title} · ${interpolate(t.page, { page: index + 1, pages: pages.length })}`;
    each.drawText(printable(regular, footer), { x: LEFT, y: 32, size: 8, font: regular, color: muted });
  });
  return pdf.save();
}
