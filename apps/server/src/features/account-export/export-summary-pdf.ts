import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { resources } from '@taxli/i18n';
import type { ActiveLanguage } from '@taxli/domain';
import { printable, wrapText } from '../../lib/pdf-text.js';
import { interpolate } from '../../mail/templates/render.js';
import { formatReceiptTime } from '../../mail/templates/transmission-receipt.js';

/** A staff member who handled the person's returns, as the summary names them: first name and role. */
export interface Recipient {
  firstName: string;
  role: 'expert' | 'admin';
}

export interface SummaryFacts {
  name: string;
  email: string;
  madeAt: Date;
  recipients: Recipient[];
  documentVersionCount: number;
}

const A4: [number, number] = [595.28, 841.89];
const LEFT = 56;
const WIDTH = A4[0] - 2 * LEFT;
const TOP = A4[1] - 64;
const BOTTOM = 64;
const ink = rgb(0.06, 0.09, 0.16);
const muted = rgb(0.28, 0.33, 0.41);

/**
 * The export's summary (issue 30; nDSG Art. 25 para. 2, DSV Art. 19): in the person's language,
 * who holds the data, why, how long, who receives them (the experts who handled the returns, by
 * first name and role), where they come from, the person's rights and what the ZIP holds.
 */
export async function exportSummaryPdf(language: ActiveLanguage, facts: SummaryFacts): Promise<Uint8Array> {
  const t = resources[language].mail.dataExport;
  const pdf = await PDFDocument.create();
  pdf.setTitle(t.title);
  pdf.setLanguage(language === 'gsw' ? 'de-CH' : language);
  pdf.setCreator('Taxli');
  pdf.setProducer('Taxli');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);

  let page: PDFPage = pdf.addPage(A4);
  let y = TOP;
  const room = (height: number) => {
    if (y - height >= BOTTOM) return;
    page = pdf.addPage(A4);
    y = TOP;
  };
  const lines = (text: string, size: number, font: PDFFont, indent = 0) => {
    for (const line of wrapText(font, printable(font, text), size, WIDTH - indent)) {
      room(size);
      page.drawText(line, { x: LEFT + indent, y, size, font, color: ink });
      y -= size + 4;
    }
  };
  const heading = (text: string) => {
    y -= 10;
    room(40); // a heading never ends a page
    lines(text, 13, bold);
    y -= 2;
  };
  const item = (text: string) => {
    room(10);
    page.drawText('-', { x: LEFT, y, size: 10, font: regular, color: ink });
    lines(text, 10, regular, 12);
  };

  lines(t.title, 22, bold);
  y -= 10;
  for (const [label, value] of [
    [t.person, facts.name || facts.email],
    [t.email, facts.email],
    [t.madeAt, formatReceiptTime(language, facts.madeAt)],
  ] as const) {
    page.drawText(printable(bold, label), { x: LEFT, y, size: 10, font: bold, color: ink });
    page.drawText(printable(regular, value), { x: LEFT + 120, y, size: 10, font: regular, color: ink });
    y -= 16;
  }
  y -= 6;
  lines(t.intro, 10, regular);

  heading(t.controllerHeading);
  lines(t.controller, 10, regular);
  heading(t.purposesHeading);
  Object.values(t.purposes).forEach(item);
  heading(t.retentionHeading);
  Object.values(t.retention).forEach(item);
  heading(t.recipientsHeading);
  const roleName = (role: Recipient['role']) => (role === 'admin' ? t.roleAdmin : t.roleExpert);
  const names = facts.recipients.map((r) => `${r.firstName || '-'} (${roleName(r.role)})`).join(', ');
  item(facts.recipients.length > 0 ? interpolate(t.experts, { names }) : t.noExperts);
  item(t.otherRecipients);
  heading(t.originHeading);
  lines(t.origin, 10, regular);
  heading(t.rightsHeading);
  lines(t.rights, 10, regular);
  heading(t.contentsHeading);
  for (const text of Object.values(t.contents)) item(interpolate(text, { count: facts.documentVersionCount }));

  const pages = pdf.getPages();
  pages.forEach((each, index) => {
    const footer = `Taxli · ${t.title} · ${interpolate(t.page, { page: index + 1, pages: pages.length })}`;
    each.drawText(printable(regular, footer), { x: LEFT, y: 32, size: 8, font: regular, color: muted });
  });
  return pdf.save();
}
