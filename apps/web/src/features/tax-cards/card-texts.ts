import type { TFunction } from 'i18next';
import type { TaxCard } from '@taxli/domain';

/**
 * A card's texts in the interface language (taxcards namespace, keys by card id); the domain's
 * English texts are the fallback for a card the texts do not know yet.
 */
export function cardTexts(t: TFunction, card: TaxCard) {
  const title = t(`taxcards:cards.${card.id}.title`, { defaultValue: card.title });
  const description = t(`taxcards:cards.${card.id}.description`, { defaultValue: '' });
  const fields = card.requiredFields.map((field) => t(`taxcards:fields.${field}`, { defaultValue: field })).join(', ');
  const reason = card.isEnabled
    ? t(`taxcards:cards.${card.id}.reason`, { defaultValue: card.relevanceReason })
    : t('taxcards:card.notApplicable', { fields });
  return { title, description, reason };
}
