import { EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn';

export const LOGO_URL = '/logo.svg';

/** The Taxli logo; if the image cannot load, a crossed-eye icon takes its place (part 1 §8). */
export function Logo({ className }: { className?: string }) {
  const { t } = useTranslation('login');
  const [failed, setFailed] = useState(false);
  if (failed) {
    return <EyeOff role="img" aria-label={t('logoAlt')} className={cn('shrink-0 text-white', className)} />;
  }
  return <img src={LOGO_URL} alt={t('logoAlt')} onError={() => setFailed(true)} className={cn('shrink-0', className)} />;
}
