import type { TFunction } from 'i18next';
import { cantonName, findCanton, findCantonBySlug, taxStatusName, type ExpertSummary } from '@taxli/domain';

/** A status as the person's progress bar names it (D1: Documents, Transmitted, Reviewed, Completed). */
export function statusLabel(t: TFunction, status: number): string {
  return t(`common:taxStatus.steps.${taxStatusName(status)}`);
}

/** A canton stored as its slug ('zurich', the tax profile) or its code ('ZH', the authorization), named in the interface language. */
export function cantonLabel(value: string | null, language: string): string | undefined {
  if (!value) return undefined;
  const canton = findCantonBySlug(value) ?? findCanton(value);
  return canton ? cantonName(canton, language) : value;
}

export const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/** Who handles a return: "You" for the one looking, else the expert's name; undefined when no one does. */
export function assigneeLabel(t: TFunction, assignee: ExpertSummary | null, selfId: number): string | undefined {
  if (!assignee) return undefined;
  return assignee.userId === selfId ? t('expert:assignee.you') : fullName(assignee);
}

/** The client file's address in the app. */
export const clientFilePath = ({ userId, taxYear }: { userId: number; taxYear: number }) => `/expert/returns/${userId}/${taxYear}`;
