import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

export type PowerOfAttorneyLanguage = 'en' | 'de';

interface Texts {
  title: string;
  intro: string;
  principal: string;
  name: string;
  dateOfBirth: string;
  address: string;
  agentHeading: string;
  agent: string;
  scope: string[];
  validity: string;
  place: string;
  signature: string;
}

const TEXTS: Record<PowerOfAttorneyLanguage, Texts> = {
  en: {
    title: 'Power of Attorney',
    intro: 'for the preparation and filing of the Swiss tax return for the tax year {year}',
    principal: 'The undersigned (principal)',
    name: 'Name',
    dateOfBirth: 'Date of birth',
    address: 'Address',
    agentHeading: 'authorises',
    agent: 'the tax experts working with Taxli (agent)',
    scope: [
      'to prepare the tax return for the tax year named above on the principal\'s behalf,',
      'to correspond with the cantonal and communal tax authorities about it,',
      'to receive and inspect the tax assessment and related documents.',
    ],
    validity: 'This power of attorney is valid until revoked in writing. It does not authorise payments.',
    place: 'Place and date',
    signature: 'Signature of the principal',
  },
  de: {
    title: 'Vollmacht',
    intro: 'für die Erstellung und Einreichung der Schweizer Steuererklärung für das Steuerjahr {year}',
    principal: 'Die unterzeichnende Person (Vollmachtgeber/in)',
    name: 'Name',
    dateOfBirth: 'Geburtsdatum',
    address: 'Adresse',
    agentHeading: 'bevollmächtigt',
    agent: 'die mit Taxli arbeitenden Steuerexpertinnen und -experten (Bevollmächtigte)',
    scope: [
      'die Steuererklärung für das oben genannte Steuerjahr in ihrem Namen zu erstellen,',
      'darüber mit den kantonalen und kommunalen Steuerbehörden zu korrespondieren,',
      'die Steuerveranlagung und zugehörige Unterlagen entgegenzunehmen und einzusehen.',
    ],
    validity: 'Diese Vollmacht gilt bis zum schriftlichen Widerruf. Sie berechtigt nicht zu Zahlungen.',
    place: 'Ort und Datum',
    signature: 'Unterschrift der Vollmachtgeberin / des Vollmachtgebers',
  },
};

export interface PowerOfAttorneyFacts {
  taxYear: number;
  name: string;
  dateOfBirth: string | null;
  address: string;
}

/** The standard fonts speak WinAnsi only: a character they lack becomes '?', never an error. */
function printable(font: PDFFont, text: string): string {
  return [...text].map((char) => {
    try {
      font.encodeText(char);
      return char;
    } catch {
      return '?';
    }
  }).join('');
}

/**
 * A one-page power-of-attorney form (DECISIONS D10: made by the project), with the person's name,
 * date of birth and address filled in when known and lines to sign.
 */
export async function powerOfAttorneyPdf(language: PowerOfAttorneyLanguage, facts: PowerOfAttorneyFacts): Promise<Uint8Array> {
  const t = TEXTS[language];
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${t.title} ${facts.taxYear}`);
  pdf.setCreator('Taxli');
  pdf.setProducer('Taxli');
  const page: PDFPage = pdf.addPage([595.28, 841.89]); // A4
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.06, 0.09, 0.16);
  let y = 770;
  const write = (text: string, options: { size?: number; font?: PDFFont; x?: number } = {}) => {
    const font = options.font ?? regular;
    page.drawText(printable(font, text), { x: options.x ?? 60, y, size: options.size ?? 11, font, color: ink });
  };
  const line = (x1: number, x2: number) => page.drawLine({ start: { x: x1, y: y - 3 }, end: { x: x2, y: y - 3 }, thickness: 0.6, color: ink });

  write(t.title, { size: 24, font: bold });
  y -= 26;
  write(t.intro.replace('{year}', String(facts.taxYear)), { size: 11 });
  y -= 40;
  write(t.principal, { font: bold });
  for (const [label, value] of [
    [t.name, facts.name],
    [t.dateOfBirth, facts.dateOfBirth ?? ''],
    [t.address, facts.address],
  ] as const) {
    y -= 28;
    write(`${label}:`);
    write(value, { x: 160 });
    line(160, 535);
  }
  y -= 40;
  write(t.agentHeading, { font: bold });
  y -= 20;
  write(t.agent);
  y -= 28;
  for (const item of t.scope) {
    write(`–  ${item}`, { size: 10.5 });
    y -= 18;
  }
  y -= 14;
  write(t.validity, { size: 10.5 });
  y -= 90;
  line(60, 260);
  line(320, 535);
  y -= 16;
  write(t.place, { size: 9 });
  write(t.signature, { size: 9, x: 320 });
  return pdf.save();
}
