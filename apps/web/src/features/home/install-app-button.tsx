import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { acceptInstallOffer, useInstallOffer } from './install-prompt';

/** 'Install App': the browser's install dialog when it offers one, else a toast saying it cannot (part 1 §8). */
export function InstallAppButton() {
  const { t } = useTranslation('dashboard');
  const offer = useInstallOffer();
  const install = () => {
    if (offer) return void acceptInstallOffer(offer).catch(() => undefined);
    toast({ title: t('install.unavailable'), description: t('install.unavailableDescription') });
  };
  return (
    <Button variant="secondary" onClick={install}>
      <Download aria-hidden className="size-4" />
      {t('install.button')}
    </Button>
  );
}
