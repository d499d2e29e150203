import { maskAhvNumber, normalizeAhvNumber, salaryCertificateFields, type SalaryCertificateFields } from '@taxli/domain';
import { UnreadableDocument } from '../reader.js';
import { attribute, child, type ParsedXml, textOf, type XmlNode } from '../safe-xml.js';
import { isDecimalAmount, sumAmounts } from '@taxli/domain';

/**
 * The TxAB XML of the salary certificate barcode: root `T` in the namespace
 * http://www.swissdec.ch/schema/sd/20200220/SalaryDeclarationTxAB (ELM 5) or
 * urn:ch:swissdec:elm:v6:<release>:SalaryDeclarationTxAB (ELM 6), with `Company` (attributes),
 * `PersonID` (attributes, SV-AS-Nr) and the certificate `S` (the ELM TaxSalary's elements).
 * Namespaces are matched by their stem so later releases read too; elements by local name.
 */
const ELM5_NAMESPACE = /^http:\/\/www\.swissdec\.ch\/schema\/sd\/\d{8}\/SalaryDeclarationTxAB$/;
const ELM6_NAMESPACE = /^urn:ch:swissdec:elm:v\d+:\d{8}:SalaryDeclarationTxAB$/;

export const isTxabNamespace = (namespace: string): boolean => ELM5_NAMESPACE.test(namespace) || ELM6_NAMESPACE.test(namespace);

const wrong = (detail: string) => new UnreadableDocument('NOT_STANDARD_PAYLOAD', `Not a salary certificate: ${detail}`);

export interface TxabRead {
  fields: SalaryCertificateFields;
  ahvNumbers: string[];
}

export function txabFields(xml: ParsedXml): TxabRead {
  if (xml.rootName !== 'T' || !isTxabNamespace(xml.namespace)) throw wrong('root element or namespace');
  const company = child(xml.root, 'Company');
  const person = child(xml.root, 'PersonID');
  // `S` is the salary certificate; older generators wrote its elements under `A` (seen in a real barcode).
  const salary = child(xml.root, 'S') ?? child(xml.root, 'A');
  if (salary === undefined || typeof salary === 'string') throw wrong('no certificate element');

  const ahvNumber = textOf(child(typeof person === 'string' ? undefined : person, 'SV-AS-Nr'))?.trim();
  const period = child(salary, 'Period');
  const periodNode = typeof period === 'string' ? undefined : period;
  const fields = {
    employer: defined({
      name: attribute(company, 'HR-RC-Name'),
      street: attribute(company, 'Street'),
      zipCode: attribute(company, 'ZIP'),
      city: attribute(company, 'City'),
      uid: attribute(company, 'UID-BFS'),
    }),
    employee: defined({
      firstName: attribute(person, 'Firstname'),
      lastName: attribute(person, 'Lastname'),
      ahvNumberMasked: ahvNumber ? maskAhvNumber(ahvNumber) : undefined,
    }),
    periodFrom: textOf(child(periodNode, 'from')),
    periodUntil: textOf(child(periodNode, 'until')),
    ...defined({
      income: amount(salary, ['Income']),
      fringeBenefits: amount(salary, ['FringeBenefits/FoodLodging', 'FringeBenefits/CompanyCar', 'FringeBenefits/Other/Sum']),
      grossIncome: amount(salary, ['GrossIncome']),
      ahvContributions: amount(salary, ['AHV-ALV-NBUV-AVS-AC-AANP-Contribution']),
      bvgContributions: amount(salary, ['BVG-LPP-Contribution/Regular', 'BVG-LPP-Contribution/Purchase']),
      netIncome: amount(salary, ['NetIncome']),
      deductionAtSource: amount(salary, ['DeductionAtSource']),
      charges: amount(salary, [
        'Charges/Effective/TravelFoodAccommodation',
        'Charges/Effective/Other/Sum',
        'Charges/LumpSum/Representation',
        'Charges/LumpSum/Car',
        'Charges/LumpSum/Other/Sum',
        'Charges/Education',
      ]),
      remark: textOf(child(salary, 'Remark')),
    }),
  };
  const parsed = salaryCertificateFields.safeParse(fields);
  if (!parsed.success) throw wrong('required figures missing (employer, period, gross or net income)');
  return { fields: parsed.data, ahvNumbers: ahvNumber ? [normalizeAhvNumber(ahvNumber) ?? ahvNumber] : [] };
}

/**
 * A box's amount: the one element, or the exact sum of its parts when the form splits the box
 * (2: food and lodging, company car, other; 10: regular and purchase; 13: every charge).
 */
function amount(salary: XmlNode, paths: string[]): string | undefined {
  const values = paths.map((path) => textAt(salary, path.split('/'))).filter((value) => value !== undefined);
  const bad = values.find((value) => !isDecimalAmount(value));
  if (bad !== undefined) throw wrong('an amount is not a decimal number');
  // One element is the amount as written; a split box is summed at the document's own precision.
  if (values.length <= 1) return values[0];
  return sumAmounts(values, { minimumDecimals: 0 });
}

function textAt(node: XmlNode, path: string[]): string | undefined {
  let current: XmlNode | string | undefined = node;
  for (const name of path) current = typeof current === 'string' ? undefined : child(current, name);
  const text = textOf(current)?.trim();
  return text === '' ? undefined : text;
}

/** The object without its undefined properties (the domain's fields are optional, not undefined). */
function defined<T extends Record<string, unknown>>(object: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as { [K in keyof T]: Exclude<T[K], undefined> };
}
