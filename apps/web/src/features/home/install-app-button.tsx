import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { requestInstall, runsInstalled } from '../../lib/install-app';

/**
 * Install Taxli as an app (part 1 §2): asks the browser's install dialog, waiting up to 1 s for the
 * browser to offer one; where it never does, says so (part 1 §8). Hidden once Taxli runs installed.
 */
export function InstallAppButton() {
  const { t } = useTranslation('dashboard');
  const [checking, setChecking] = useState(false);
  if (runsInstalled()) return null;

  async function install() {
    setChecking(true);
    try {
      const outcome = await requestInstall();
      if (outcome === 'unavailable') {
        toast({ title: t('install.unavailable'), description: t('install.unavailableDescription') });
      }
    } finally {
      setChecking(false);
    }
  }

  return (
    <Button variant="secondary" onClick={() => void install()} disabled={checking}>
      <Download aria-hidden className="size-4" />
      {t('install.button')}
    </Button>
  );
}
