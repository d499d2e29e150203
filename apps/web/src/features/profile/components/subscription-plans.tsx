import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SUBSCRIPTION_PLANS, type SubscriptionPlan } from '@taxli/domain';
import { cn } from '../../../components/ui/cn';
import { useHashTarget } from '../../../lib/use-hash-target';

/**
 * Basic and premium, both radios disabled: plans cannot be changed here. The user's stored plan
 * (D14: `basic` for new accounts, changed by admins only) is Active, the other Inactive; without a
 * stored plan both are Inactive, and the section says so. It says who sets plans and links to the
 * way to ask them, the dashboard's Send Message box; the 'no subscription plan' notice leads here
 * (/profile#plan).
 */
export function SubscriptionPlans({ plan: stored }: { plan: SubscriptionPlan | null }) {
  const { t } = useTranslation('profile');
  const target = useHashTarget<HTMLFieldSetElement>('plan');
  return (
    <fieldset id="plan" ref={target} tabIndex={-1} className="scroll-mt-4 space-y-3 focus:outline-none">
      <legend className="text-sm font-medium text-slate-800">{t('plans.legend')}</legend>
      {stored === null && <p className="text-sm font-medium text-slate-900">{t('plans.none')}</p>}
      <p className="text-sm text-slate-600">
        {t('plans.hint')}{' '}
        <Link to="/#send-message" className="font-medium text-brand-700 underline">
          {t('plans.ask')}
        </Link>
      </p>
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
