import { describe, expect, it } from 'vitest';
import { photographPage } from '../test-documents/page-photo.js';
import { pdf417Png } from '../test-documents/pdf417.js';
import { pdfWithImages } from '../test-documents/pdf-with-images.js';
import {
  ELM6_TXAB_NAMESPACE,
  salaryCertificatePdf,
  salarySymbolBytes,
  sampleCertificate,
  txabXml,
  txabZip,
} from '../test-documents/salary-certificate.js';
import { MAX_TXAB_BYTES, readSalaryCertificate } from './salary-certificate.js';

const input = (bytes: Uint8Array) => ({ bytes, contentType: 'application/pdf', fileName: 'lohnausweis.pdf' });

/** What the reader must hand back for sampleCertificate: the boxes as written, split boxes summed exactly. */
const expected = {
  kind: 'salary-certificate',
  source: 'barcode',
  confidence: 1,
  ahvNumbers: ['756.1234.5678.97'],
  fields: {
    employer: { name: 'Muster & Söhne AG', street: 'Eigerweg 6', zipCode: '3600', city: 'Thun', uid: 'CHE-123.123.123' },
    employee: { firstName: 'Anna', lastName: 'Aebi-Müller', ahvNumberMasked: '756.****.****.97' },
    periodFrom: '2025-01-01',
    periodUntil: '2025-12-31',
    income: '84118.70',
    fringeBenefits: '4440.50',
    grossIncome: '88559.20',
    ahvContributions: '5712.05',
    bvgContributions: '5100.00',
    netIncome: '77747.15',
    deductionAtSource: '0.00',
    charges: '2750.25',
    remark: 'Lohnfortzahlung bei Krankheit <3 Monate>',
  },
};

// Rendering pages takes seconds on a busy machine: a generous limit, no timing asserted.
describe('readSalaryCertificate', { timeout: 60_000 }, () => {
  it('reads a certificate spread over several symbols back as written', async () => {
    const symbols = salarySymbolBytes(txabZip(txabXml(sampleCertificate)), { bytesPerSymbol: 180 });
    expect(symbols.length).toBeGreaterThanOrEqual(3);

    expect(await readSalaryCertificate(input(await salaryCertificatePdf(symbols)))).toEqual(expected);
  });

  it('reads a certificate in one symbol, with the ELM 6 namespace on a prefix', async () => {
    const symbols = salarySymbolBytes(txabZip(txabXml(sampleCertificate, ELM6_TXAB_NAMESPACE, { prefix: 'sd' })), { bytesPerSymbol: 1000 });
    expect(symbols).toHaveLength(1);

    expect(await readSalaryCertificate(input(await salaryCertificatePdf(symbols)))).toEqual(expected);
  });

  it('reads a photo of the certificate (JPEG)', async () => {
    const pdf = await salaryCertificatePdf(salarySymbolBytes(txabZip(txabXml(sampleCertificate))));
    const photo = await photographPage(pdf, 1, 2.6, 'jpeg');

    expect(await readSalaryCertificate({ bytes: photo, contentType: 'image/jpeg', fileName: 'IMG_0042.jpg' })).toEqual(expected);
  });

  it('fails as incomplete when one of the symbols was not read', async () => {
    const symbols = salarySymbolBytes(txabZip(txabXml(sampleCertificate)), { bytesPerSymbol: 250 });

    await expect(readSalaryCertificate(input(await salaryCertificatePdf(symbols, { leaveOut: [2] })))).rejects.toMatchObject({ code: 'SEGMENTS_INCOMPLETE' });
  });

  it('stops inflating a zip bomb at the limit', async () => {
    const bomb = txabXml(sampleCertificate).replace('<S>', `<S>${' '.repeat(MAX_TXAB_BYTES + 1)}`);
    const symbols = salarySymbolBytes(txabZip(bomb), { bytesPerSymbol: 1000 });
    expect(symbols.length).toBeLessThanOrEqual(6);

    await expect(readSalaryCertificate(input(await salaryCertificatePdf(symbols)))).rejects.toMatchObject({ code: 'OUTPUT_TOO_LARGE' });
  });

  it('refuses XML with a DOCTYPE and its entities', async () => {
    const withEntity = txabXml({ ...sampleCertificate, remark: 'REMARK' }, undefined, { extraBeforeRoot: '<!DOCTYPE T [<!ENTITY x "boom">]>' }).replace('REMARK', '&x;');
    const symbols = salarySymbolBytes(txabZip(withEntity));

    await expect(readSalaryCertificate(input(await salaryCertificatePdf(symbols)))).rejects.toMatchObject({ code: 'NOT_STANDARD_PAYLOAD', message: 'XML with a DTD is refused' });
  });

  it('fails as not the standard when the header fits but the ZIP holds something else', async () => {
    const symbols = salarySymbolBytes(txabZip('<?xml version="1.0"?><Invoice xmlns="urn:example:invoice"><Total>12.00</Total></Invoice>'));

    await expect(readSalaryCertificate(input(await salaryCertificatePdf(symbols)))).rejects.toMatchObject({
      code: 'NOT_STANDARD_PAYLOAD',
      message: 'Not a salary certificate: root element or namespace',
    });
  });

  it('leaves a PDF417 that is not a certificate to other readers', async () => {
    const other = new TextEncoder().encode('ANSI 636014040002DL00410278ZC03190008DLDAQD1234562');
    const pdf = await pdfWithImages([[await pdf417Png(other)]]);

    expect(await readSalaryCertificate(input(pdf))).toBeNull();
  });
});
