import type { EchStatementFields } from '@taxli/domain';
import { sumAmounts } from '@taxli/domain';
import type { XmlElement } from '../../xml-tree.js';

/** Named children of one element: after schema validation these are eCH-0196's own. */
function childrenNamed(element: XmlElement | undefined, local: string): XmlElement[] {
  return element?.children.filter((child) => child.local === local && child.uri === element.uri) ?? [];
}

function optional(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

/** The schema made these attributes required: '' is only reachable on a bug, never a crash. */
function required(element: XmlElement, name: string): string {
  return element.attributes[name] ?? '';
}

function sumOf(elements: readonly XmlElement[], name: string): string {
  return sumAmounts(elements.flatMap((element) => (element.attributes[name] ? [element.attributes[name]] : [])), { minimumDecimals: 0 });
}

/**
 * The figures of a schema-valid taxStatement in the domain's shape. Amounts stay the strings the
 * bank wrote; a security's revenues are exact sums of its payments. Client TINs are not taken: a
 * tax number is personal data the figures do not need.
 */
export function mapStatementFields(root: XmlElement, minorVersion: number): EchStatementFields {
  const [institution] = childrenNamed(root, 'institution');
  const [bankAccountList] = childrenNamed(root, 'listOfBankAccounts');
  const [securityList] = childrenNamed(root, 'listOfSecurities');

  return {
    minorVersion,
    institution: { name: institution?.attributes.name ?? '', lei: optional(institution?.attributes.lei) },
    client: childrenNamed(root, 'client').map((client) => ({
      clientNumber: required(client, 'clientNumber'),
      firstName: optional(client.attributes.firstName),
      lastName: optional(client.attributes.lastName),
    })),
    taxPeriod: required(root, 'taxPeriod'),
    periodFrom: required(root, 'periodFrom'),
    periodTo: required(root, 'periodTo'),
    canton: required(root, 'canton'),
    totalTaxValue: required(root, 'totalTaxValue'),
    totalGrossRevenueA: required(root, 'totalGrossRevenueA'),
    totalGrossRevenueB: required(root, 'totalGrossRevenueB'),
    totalWithHoldingTaxClaim: required(root, 'totalWithHoldingTaxClaim'),
    bankAccounts: childrenNamed(bankAccountList, 'bankAccount').map((account) => ({
      iban: optional(account.attributes.iban),
      bankAccountNumber: optional(account.attributes.bankAccountNumber),
      bankAccountName: required(account, 'bankAccountName'),
      bankAccountCurrency: required(account, 'bankAccountCurrency'),
      totalTaxValue: required(account, 'totalTaxValue'),
      totalGrossRevenueA: required(account, 'totalGrossRevenueA'),
      totalGrossRevenueB: required(account, 'totalGrossRevenueB'),
      totalWithHoldingTaxClaim: required(account, 'totalWithHoldingTaxClaim'),
    })),
    securities: childrenNamed(securityList, 'depot').flatMap((depot) =>
      childrenNamed(depot, 'security').map((security) => {
        const payments = childrenNamed(security, 'payment');
        const [taxValue] = childrenNamed(security, 'taxValue');
        return {
          depotNumber: required(depot, 'depotNumber'),
          positionId: required(security, 'positionId'),
          securityName: required(security, 'securityName'),
          isin: optional(security.attributes.isin),
          valorNumber: optional(security.attributes.valorNumber),
          currency: required(security, 'currency'),
          taxValue: optional(taxValue?.attributes.value),
          grossRevenueA: sumOf(payments, 'grossRevenueA'),
          grossRevenueB: sumOf(payments, 'grossRevenueB'),
          withHoldingTaxClaim: sumOf(payments, 'withHoldingTaxClaim'),
        };
      }),
    ),
  };
}
