import { useTranslation } from 'react-i18next';
import { SUBSCRIPTION_PLANS, type SubscriptionPlan } from '@taxli/domain';
import { cn } from '../../../components/ui/cn';

/**
 * Basic and premium, both radios disabled: plans cannot be changed here. The user's stored plan
 * (D14: `basic` for new accounts, changed by admins only) is Active, the other Inactive; without a
 * stored plan both are Inactive.
 */
export function SubscriptionPlans({ plan: stored }: { plan: SubscriptionPlan | null }) {
  const { t } = useTranslation('profile');
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">{t('plans.legend')}</legend>
      <p className="text-sm text-slate-600">{t('plans.hint')}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {SUBSCRIPTION_PLANS.map((plan) => {
          const active = plan === stored;
          return (
            <label
              key={plan}
              className={cn(
                'flex gap-3 rounded-lg border p-4',
                active ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white',
              )}
            >
              <input type="radio" name="subscriptionPlan" value={plan} checked={active} disabled readOnly className="mt-1 size-4" />
              <span className="space-y-1">
                <span className="flex items-center gap-2">
                  <span className="font-semibold text-slate-900">{t(`plans.${plan}.name`)}</span>
                  <span
                    className={cn(
                      'rounded-full px-2 py-0.5 text-xs font-semibold',
                      active ? 'bg-green-100 text-green-900' : 'bg-slate-200 text-slate-800',
                    )}
                  >
                    {active ? t('plans.active') : t('plans.inactive')}
                  </span>
                </span>
                <span className="block text-sm text-slate-700">{t(`plans.${plan}.description`)}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
