import { describe, expect, it } from 'vitest';
import { parseXmlTree } from '../xml-tree.js';
import { txabFields } from './txab-fields.js';

const rootOf = (xml: string) => parseXmlTree(xml).root!;

describe('txabFields', () => {
  it('reads the older layout with the certificate under A, and an AHV number whose check digit does not fit, as written', () => {
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?><T xmlns="http://www.swissdec.ch/schema/sd/20200220/SalaryDeclarationTxAB" SID="000" SysV="001">',
      '<Company UID-BFS="CHE-123.123.123" HR-RC-Name="COMPLEX Elektronik AG" ZIP="3600" Street="Eigerweg 6" City="Thun"/>',
      '<PersonID Lastname="Aebi" Firstname="Anna" ZIP="3000" City="Bern 9"><SV-AS-Nr>123.4567.8901.28</SV-AS-Nr></PersonID>',
      '<A><DocID>1</DocID><Period><from>2016-10-01</from><until>2016-11-30</until></Period><Income>48118.70</Income>',
      '<GrossIncome>68000.00</GrossIncome><NetIncome>56343.00</NetIncome></A></T>',
    ].join('');

    expect(txabFields(rootOf(xml))).toEqual({
      ahvNumbers: ['123.4567.8901.28'],
      fields: {
        employer: { name: 'COMPLEX Elektronik AG', street: 'Eigerweg 6', zipCode: '3600', city: 'Thun', uid: 'CHE-123.123.123' },
        employee: { firstName: 'Anna', lastName: 'Aebi', ahvNumberMasked: '123.****.****.28' },
        periodFrom: '2016-10-01',
        periodUntil: '2016-11-30',
        income: '48118.70',
        grossIncome: '68000.00',
        netIncome: '56343.00',
      },
    });
  });

  it('fails as not the standard when a required figure is missing or an amount is not a number', () => {
    const certificate = (salary: string) =>
      rootOf(
        `<T xmlns="urn:ch:swissdec:elm:v6:20260306:SalaryDeclarationTxAB"><Company HR-RC-Name="X AG"/><PersonID/><S><Period><from>2025-01-01</from><until>2025-12-31</until></Period>${salary}</S></T>`,
      );

    expect(() => txabFields(certificate('<GrossIncome>1.00</GrossIncome>'))).toThrow(expect.objectContaining({ code: 'NOT_STANDARD_PAYLOAD' }));
    expect(() => txabFields(certificate('<GrossIncome>1.00</GrossIncome><NetIncome>1,00</NetIncome>'))).toThrow(expect.objectContaining({ code: 'NOT_STANDARD_PAYLOAD' }));
    expect(txabFields(certificate('<GrossIncome>1.00</GrossIncome><NetIncome>0.90</NetIncome>')).fields.netIncome).toBe('0.90');
  });
});
