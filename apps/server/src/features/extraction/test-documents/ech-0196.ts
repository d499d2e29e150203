import { deflateSync } from 'node:zlib';
import type { EchStatementFields } from '@taxli/domain';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Pdf417Symbol } from '../barcodes/read-pdf417.js';
import { pdf417Png } from './pdf417.js';
import { pdfWithImagesInOrder } from './pdf-with-images.js';

/**
 * A made-up but realistic eCH-0196 e-tax statement for tests: a bank account with an interest
 * payment, a depot with a Swiss and a US share and their dividends, totals that add up
 * (43840.09 = 25340.55 + 10814.40 + 7685.14). Valid against eCH-0196-2-2.xsd.
 */
export function buildStatementXml(options: { minorVersion?: number } = {}): string {
  const minorVersion = options.minorVersion ?? 22;
  return `<?xml version="1.0" encoding="UTF-8"?>
<taxStatement xmlns="http://www.ech.ch/xmlns/eCH-0196/2"
    id="CH00700000008151234562025123101" creationDate="2026-01-15T08:30:00"
    taxPeriod="2025" periodFrom="2025-01-01" periodTo="2025-12-31" country="CH" canton="ZH"
    totalTaxValue="43840.09" totalGrossRevenueA="616.00" totalGrossRevenueB="27.97"
    totalWithHoldingTaxClaim="215.60" minorVersion="${minorVersion}">
  <institution name="Zürcher Musterbank AG" lei="5299000BEISPIEL00042"/>
  <client clientNumber="0815-123456" tin="CH123456789" salutation="2" firstName="Anna" lastName="Muster"/>
  <listOfBankAccounts totalTaxValue="25340.55" totalGrossRevenueA="250.00" totalGrossRevenueB="0.00"
      totalWithHoldingTaxClaim="87.50">
    <bankAccount iban="CH9300762011623852957" bankAccountName="Privatkonto" bankAccountCountry="CH"
        bankAccountCurrency="CHF" totalTaxValue="25340.55" totalGrossRevenueA="250.00"
        totalGrossRevenueB="0.00" totalWithHoldingTaxClaim="87.50">
      <taxValue referenceDate="2025-12-31" balanceCurrency="CHF" balance="25340.55" value="25340.55"/>
      <payment paymentDate="2025-12-31" name="Zins" amountCurrency="CHF" amount="250.00"
          grossRevenueA="250.00" grossRevenueB="0.00" withHoldingTaxClaim="87.50"/>
    </bankAccount>
  </listOfBankAccounts>
  <listOfSecurities totalTaxValue="18499.54" totalGrossRevenueA="366.00" totalGrossRevenueB="27.97"
      totalWithHoldingTaxClaim="128.10" totalLumpSumTaxCredit="4.20" totalNonRecoverableTax="0.00"
      totalAdditionalWithHoldingTaxUSA="0.00" totalGrossRevenueIUP="0.00" totalGrossRevenueConversion="0.00">
    <depot depotNumber="0815-123456.01">
      <security positionId="1" valorNumber="3886335" isin="CH0038863350" country="CH" currency="CHF"
          quotationType="PIECE" securityCategory="SHARE" securityName="Nestlé SA Namenaktie">
        <taxValue referenceDate="2025-12-31" quotationType="PIECE" quantity="120" balanceCurrency="CHF"
            unitPrice="90.12" balance="10814.40" value="10814.40"/>
        <payment paymentDate="2025-04-22" exDate="2025-04-17" name="Dividende" quotationType="PIECE"
            quantity="120" amountCurrency="CHF" amountPerUnit="3.05" amount="366.00"
            grossRevenueA="366.00" grossRevenueB="0.00" withHoldingTaxClaim="128.10"/>
      </security>
      <security positionId="2" valorNumber="951692" isin="US5949181045" country="US" currency="USD"
          quotationType="PIECE" securityCategory="SHARE" securityName="Microsoft Corp. Aktie">
        <taxValue referenceDate="2025-12-31" quotationType="PIECE" quantity="20" balanceCurrency="USD"
            unitPrice="483.16" balance="9663.20" exchangeRate="0.7953" value="7685.14"/>
        <payment paymentDate="2025-06-12" name="Dividende" quotationType="PIECE" quantity="20"
            amountCurrency="USD" amountPerUnit="0.83" amount="16.60" exchangeRate="0.8105"
            grossRevenueA="0.00" grossRevenueB="13.45" withHoldingTaxClaim="0.00"
            lumpSumTaxCredit="true" lumpSumTaxCreditPercent="15" lumpSumTaxCreditAmount="2.02"/>
        <payment paymentDate="2025-12-11" name="Dividende" quotationType="PIECE" quantity="20"
            amountCurrency="USD" amountPerUnit="0.91" amount="18.20" exchangeRate="0.7980"
            grossRevenueA="0.00" grossRevenueB="14.52" withHoldingTaxClaim="0.00"
            lumpSumTaxCredit="true" lumpSumTaxCreditPercent="15" lumpSumTaxCreditAmount="2.18"/>
      </security>
    </depot>
  </listOfSecurities>
</taxStatement>
`;
}

/** What a reader must make of buildStatementXml(): the figures as written, sums exact. */
export function expectedStatementFields(minorVersion = 22): EchStatementFields {
  return {
    minorVersion,
    institution: { name: 'Zürcher Musterbank AG', lei: '5299000BEISPIEL00042' },
    client: [{ clientNumber: '0815-123456', firstName: 'Anna', lastName: 'Muster' }],
    taxPeriod: '2025',
    periodFrom: '2025-01-01',
    periodTo: '2025-12-31',
    canton: 'ZH',
    totalTaxValue: '43840.09',
    totalGrossRevenueA: '616.00',
    totalGrossRevenueB: '27.97',
    totalWithHoldingTaxClaim: '215.60',
    bankAccounts: [
      {
        iban: 'CH9300762011623852957',
        bankAccountNumber: undefined,
        bankAccountName: 'Privatkonto',
        bankAccountCurrency: 'CHF',
        totalTaxValue: '25340.55',
        totalGrossRevenueA: '250.00',
        totalGrossRevenueB: '0.00',
        totalWithHoldingTaxClaim: '87.50',
      },
    ],
    securities: [
      {
        depotNumber: '0815-123456.01',
        positionId: '1',
        securityName: 'Nestlé SA Namenaktie',
        isin: 'CH0038863350',
        valorNumber: '3886335',
        currency: 'CHF',
        taxValue: '10814.40',
        grossRevenueA: '366.00',
        grossRevenueB: '0.00',
        withHoldingTaxClaim: '128.10',
      },
      {
        depotNumber: '0815-123456.01',
        positionId: '2',
        securityName: 'Microsoft Corp. Aktie',
        isin: 'US5949181045',
        valorNumber: '951692',
        currency: 'USD',
        taxValue: '7685.14',
        grossRevenueA: '0.00',
        grossRevenueB: '27.97',
        withHoldingTaxClaim: '0.00',
      },
    ],
  };
}

/** A statement PDF: one page of text and, optionally, the XML as an embedded file (as banks ship it). */
export async function buildStatementPdf(attachments: { fileName: string; xml: string | Uint8Array }[] = []): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([842, 595]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText('Steuerauszug 2025 - Zurcher Musterbank AG', { x: 50, y: 540, size: 16, font });
  for (const { fileName, xml } of attachments) {
    await pdf.attach(typeof xml === 'string' ? new TextEncoder().encode(xml) : xml, fileName, {
      mimeType: 'application/xml',
      description: 'eCH-0196 E-Steuerauszug',
      creationDate: new Date('2026-01-15T08:30:00Z'),
      modificationDate: new Date('2026-01-15T08:30:00Z'),
    });
  }
  return pdf.save();
}

/** BEIL2 2.2: ZLIB with the best compression (java.util.zip.Deflater.BEST_COMPRESSION). */
export function compressStatement(xml: string): Uint8Array {
  return deflateSync(Buffer.from(xml, 'utf8'), { level: 9 });
}

/**
 * The payload cut into Macro PDF417 segments as a symbol reader reports them: six per landscape
 * barcode sheet, the sheets ending the document, read from the last page on. 400 bytes per
 * segment is about what 13 columns × 35 rows at EC level 4 hold in byte compaction.
 */
export function splitIntoSymbols(
  payload: Uint8Array,
  options: { fileId?: string; bytesPerSegment?: number; firstBarcodePage?: number; withCount?: boolean } = {},
): Pdf417Symbol[] {
  const { fileId = '017053', bytesPerSegment = 400, firstBarcodePage = 3, withCount = true } = options;
  const segmentCount = Math.ceil(payload.length / bytesPerSegment);
  const symbols: Pdf417Symbol[] = [];
  for (let segmentIndex = 0; segmentIndex < segmentCount; segmentIndex += 1) {
    const bytes = payload.slice(segmentIndex * bytesPerSegment, (segmentIndex + 1) * bytesPerSegment);
    const page = firstBarcodePage + Math.floor(segmentIndex / 6);
    symbols.push({ bytes, page, macro: { segmentIndex, fileId, ...(withCount ? { segmentCount } : {}) } });
  }
  return symbols.sort((a, b) => b.page - a.page);
}

/**
 * A statement as banks print it without an attachment: a page of text, then the compressed XML as
 * Macro PDF417 symbols on landscape barcode sheets at the end, six per sheet.
 */
export async function buildStatementBarcodePdf(xml = buildStatementXml(), fileId = '017053'): Promise<Uint8Array> {
  const segments = splitIntoSymbols(compressStatement(xml), { fileId }).sort((a, b) => (a.macro?.segmentIndex ?? 0) - (b.macro?.segmentIndex ?? 0));
  const images = await Promise.all(
    segments.map(({ bytes, macro }, index) =>
      pdf417Png(bytes, { macro: { segmentIndex: macro?.segmentIndex ?? index, fileId, segmentCount: segments.length, last: index === segments.length - 1 } }),
    ),
  );
  return pdfWithImagesInOrder(images);
}
