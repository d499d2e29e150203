import { EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';

export const LOGO_URL = '/logo.svg';

/**
 * The Taxli logo, in the header and on the sign-in screens; if the image cannot load, a crossed-eye
 * icon takes its place (part 1 §8), in the text colour `className` gives.
 */
export function Logo({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const [failed, setFailed] = useState(false);
  if (failed) {
    return <EyeOff role="img" aria-label={t('logoAlt')} className={cn('shrink-0', className)} />;
  }
  return <img src={LOGO_URL} alt={t('logoAlt')} onError={() => setFailed(true)} className={cn('shrink-0', className)} />;
}
