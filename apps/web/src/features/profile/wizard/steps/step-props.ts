import type { TaxWizard } from '../use-tax-wizard';

export interface StepProps {
  wizard: TaxWizard;
  /** The tax year the answers describe (D2). */
  year: number;
}

/** `null` for a choice not made (the domain's rule: '' only means "not given" for text). */
export function choice<V extends string>(value: string): V | null {
  return value === '' ? null : (value as V);
}
