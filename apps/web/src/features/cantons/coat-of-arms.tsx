import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn';

/** The first two letters of the name stand in for a missing coat of arms (part 2 §2, D10). */
export function initials(name: string): string {
  return Array.from(name.trim()).slice(0, 2).join('').toUpperCase();
}

interface CoatOfArmsProps {
  name: string;
  imagePath: string;
  className?: string;
  /** Beside the canton's name already (the detail panel): no alternative text of its own. */
  decorative?: boolean;
}

/** A canton's shield, or its first two letters when the image is missing or fails to load. */
export function CoatOfArms({ name, imagePath, className, decorative = false }: CoatOfArmsProps) {
  const { t } = useTranslation('cantons');
  const [failed, setFailed] = useState(false);
  if (failed || !imagePath.startsWith('/')) {
    return (
      <span
        aria-hidden
        className={cn('flex items-center justify-center rounded-md bg-brand-50 font-semibold text-brand-900', className)}
      >
        {initials(name)}
      </span>
    );
  }
  return (
    <img
      src={imagePath}
      alt={decorative ? '' : t('coatOfArms', { name })}
      className={cn('object-contain', className)}
      onError={() => setFailed(true)}
    />
  );
}
