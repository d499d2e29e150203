import { zipSync } from 'fflate';
import { pdf417Png } from './pdf417.js';
import { pdfWithImagesInOrder } from './pdf-with-images.js';

/**
 * Test salary certificates as swissdec prints their barcode: TxAB XML → ZIP (entry "txab") →
 * slices behind the 14-byte control header → plain PDF417 symbols → PDF.
 */
export const ELM5_TXAB_NAMESPACE = 'http://www.swissdec.ch/schema/sd/20200220/SalaryDeclarationTxAB';
export const ELM6_TXAB_NAMESPACE = 'urn:ch:swissdec:elm:v6:20260306:SalaryDeclarationTxAB';

export interface TestCertificate {
  employer: { name: string; street: string; zipCode: string; city: string; uid: string };
  employee: { firstName: string; lastName: string; ahvNumber: string };
  periodFrom: string;
  periodUntil: string;
  income: string;
  foodLodging: string;
  companyCar: string;
  grossIncome: string;
  ahvContributions: string;
  bvgRegular: string;
  bvgPurchase: string;
  netIncome: string;
  deductionAtSource: string;
  travelFoodAccommodation: string;
  lumpSumRepresentation: string;
  remark: string;
}

export const sampleCertificate: TestCertificate = {
  employer: { name: 'Muster & Söhne AG', street: 'Eigerweg 6', zipCode: '3600', city: 'Thun', uid: 'CHE-123.123.123' },
  employee: { firstName: 'Anna', lastName: 'Aebi-Müller', ahvNumber: '756.1234.5678.97' },
  periodFrom: '2025-01-01',
  periodUntil: '2025-12-31',
  income: '84118.70',
  foodLodging: '1200.00',
  companyCar: '3240.50',
  grossIncome: '88559.20',
  ahvContributions: '5712.05',
  bvgRegular: '4100.00',
  bvgPurchase: '1000.00',
  netIncome: '77747.15',
  deductionAtSource: '0.00',
  travelFoodAccommodation: '350.25',
  lumpSumRepresentation: '2400.00',
  remark: 'Lohnfortzahlung bei Krankheit <3 Monate>',
};

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The TxAB XML, with the namespace on a prefix to show that readers go by local names. */
export function txabXml(certificate: TestCertificate, namespace = ELM5_TXAB_NAMESPACE, options: { prefix?: string; extraBeforeRoot?: string } = {}): string {
  const c = certificate;
  const p = options.prefix ? `${options.prefix}:` : '';
  const xmlns = options.prefix ? `xmlns:${options.prefix}` : 'xmlns';
  const e = (name: string, text: string) => `<${p}${name}>${escape(text)}</${p}${name}>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    options.extraBeforeRoot ?? '',
    `<${p}T ${xmlns}="${namespace}" SID="000" SysV="001">`,
    `<${p}Company UID-BFS="${escape(c.employer.uid)}" Person="Paula Nestler" HR-RC-Name="${escape(c.employer.name)}" ZIP="${c.employer.zipCode}" Street="${escape(c.employer.street)}" City="${escape(c.employer.city)}"/>`,
    `<${p}PersonID Lastname="${escape(c.employee.lastName)}" Firstname="${escape(c.employee.firstName)}" ZIP="3000" City="Bern">${e('SV-AS-Nr', c.employee.ahvNumber)}</${p}PersonID>`,
    `<${p}S>`,
    e('DocID', '1'),
    `<${p}Period>${e('from', c.periodFrom)}${e('until', c.periodUntil)}</${p}Period>`,
    `<${p}FreeTransport/>`,
    e('Income', c.income),
    `<${p}FringeBenefits>${e('FoodLodging', c.foodLodging)}${e('CompanyCar', c.companyCar)}</${p}FringeBenefits>`,
    e('GrossIncome', c.grossIncome),
    e('AHV-ALV-NBUV-AVS-AC-AANP-Contribution', c.ahvContributions),
    `<${p}BVG-LPP-Contribution>${e('Regular', c.bvgRegular)}${e('Purchase', c.bvgPurchase)}</${p}BVG-LPP-Contribution>`,
    e('NetIncome', c.netIncome),
    e('DeductionAtSource', c.deductionAtSource),
    `<${p}Charges><${p}Effective>${e('TravelFoodAccommodation', c.travelFoodAccommodation)}</${p}Effective><${p}LumpSum>${e('Representation', c.lumpSumRepresentation)}</${p}LumpSum></${p}Charges>`,
    e('Remark', c.remark),
    `</${p}S>`,
    `</${p}T>`,
  ].join('');
}

/** The ZIP the barcode carries: one deflated entry "txab". */
export const txabZip = (xml: string | Uint8Array): Uint8Array =>
  zipSync({ txab: [typeof xml === 'string' ? new TextEncoder().encode(xml) : xml, { level: 9 }] });

/** The symbols' bytes: each a 14-byte control header (see salary-certificate-symbols.ts) and a slice. */
export function salarySymbolBytes(zip: Uint8Array, options: { bytesPerSymbol?: number; id?: Uint8Array } = {}): Uint8Array[] {
  const perSymbol = options.bytesPerSymbol ?? 550;
  const id = options.id ?? Uint8Array.of(0xb4, 0x63, 0xfd, 0xb8);
  const count = Math.max(1, Math.ceil(zip.length / perSymbol));
  if (count > 99) throw new Error('More than 99 symbols');
  return Array.from({ length: count }, (_, i) => {
    const slice = zip.subarray(i * perSymbol, (i + 1) * perSymbol);
    const size = slice.length + 14;
    const number = i + 1;
    const header = [...id, 0x7a, (size >> 16) & 0xff, (size >> 8) & 0xff, size & 0xff, number === 1 ? 1 : 2, 3, Math.floor(number / 10), number % 10, Math.floor(count / 10), count % 10];
    return Uint8Array.from([...header, ...slice]);
  });
}

/** A PDF with the symbols on landscape pages, six per page at most; `leaveOut` drops symbols (1-based). */
export async function salaryCertificatePdf(symbols: Uint8Array[], options: { leaveOut?: number[] } = {}): Promise<Uint8Array> {
  const kept = symbols.filter((_, i) => !options.leaveOut?.includes(i + 1));
  return pdfWithImagesInOrder(await Promise.all(kept.map((bytes) => pdf417Png(bytes))));
}
