import { maskAhvNumber, normalizeAhvNumber, salaryCertificateFields, type SalaryCertificateFields } from '@taxli/domain';
import { UnreadableDocument } from '../reader.js';
import { isDecimalAmount, sumAmounts } from '@taxli/domain';
import { childNamed, type XmlElement } from '../xml-tree.js';

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

/** The root element of the TxAB XML (parsed by xml-tree.ts) to the certificate's figures. */
export function txabFields(root: XmlElement): TxabRead {
  if (root.local !== 'T' || !isTxabNamespace(root.uri)) throw wrong('root element or namespace');
  const company = childNamed(root, 'Company')?.attributes ?? {};
  const person = childNamed(root, 'PersonID');
  // `S` is the salary certificate; older generators wrote its elements under `A` (seen in a real barcode).
  const salary = childNamed(root, 'S') ?? childNamed(root, 'A');
  if (salary === undefined) throw wrong('no certificate element');

  const ahvNumber = textAt(person, ['SV-AS-Nr']);
  const period = childNamed(salary, 'Period');
  const fields = {
    employer: defined({
      name: company['HR-RC-Name'],
      street: company.Street,
      zipCode: company.ZIP,
      city: company.City,
      uid: company['UID-BFS'],
    }),
    employee: defined({
      firstName: person?.attributes.Firstname,
      lastName: person?.attributes.Lastname,
      ahvNumberMasked: ahvNumber ? maskAhvNumber(ahvNumber) : undefined,
    }),
    periodFrom: textAt(period, ['from']),
    periodUntil: textAt(period, ['until']),
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
      remark: textAt(salary, ['Remark']),
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
function amount(salary: XmlElement, paths: string[]): string | undefined {
  const values = paths.map((path) => textAt(salary, path.split('/'))).filter((value) => value !== undefined);
  const bad = values.find((value) => !isDecimalAmount(value));
  if (bad !== undefined) throw wrong('an amount is not a decimal number');
  // One element is the amount as written; a split box is summed at the document's own precision.
  if (values.length <= 1) return values[0];
  return sumAmounts(values, { minimumDecimals: 0 });
}

/** The trimmed text at a path of child elements, or undefined when it is absent or empty. */
function textAt(element: XmlElement | undefined, path: string[]): string | undefined {
  const found = path.reduce<XmlElement | undefined>((current, local) => childNamed(current, local), element);
  const text = found?.text.trim();
  return text ? text : undefined;
}

/** The object without its undefined properties (the domain's fields are optional, not undefined). */
function defined<T extends Record<string, unknown>>(object: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as { [K in keyof T]: Exclude<T[K], undefined> };
}
