/**
 * Interface and e-mail texts in the five active languages (DECISIONS D8), one JSON file per
 * namespace and language. Generated import list: keep it in step with the files (a test checks).
 */
import en_common from './locales/en/common.json' with { type: 'json' };
import en_login from './locales/en/login.json' with { type: 'json' };
import en_profile from './locales/en/profile.json' with { type: 'json' };
import en_legal from './locales/en/legal.json' with { type: 'json' };
import en_errors from './locales/en/errors.json' with { type: 'json' };
import en_mail from './locales/en/mail.json' with { type: 'json' };
import en_dashboard from './locales/en/dashboard.json' with { type: 'json' };
import en_categories from './locales/en/categories.json' with { type: 'json' };
import en_cantons from './locales/en/cantons.json' with { type: 'json' };
import en_taxcards from './locales/en/taxcards.json' with { type: 'json' };
import en_featuretest from './locales/en/featuretest.json' with { type: 'json' };
import en_pgbar from './locales/en/pgbar.json' with { type: 'json' };
import en_advanced from './locales/en/advanced.json' with { type: 'json' };
import en_wizard from './locales/en/wizard.json' with { type: 'json' };
import en_address from './locales/en/address.json' with { type: 'json' };
import en_admin from './locales/en/admin.json' with { type: 'json' };
import en_debug from './locales/en/debug.json' with { type: 'json' };
import en_expert from './locales/en/expert.json' with { type: 'json' };
import de_common from './locales/de/common.json' with { type: 'json' };
import de_login from './locales/de/login.json' with { type: 'json' };
import de_profile from './locales/de/profile.json' with { type: 'json' };
import de_legal from './locales/de/legal.json' with { type: 'json' };
import de_errors from './locales/de/errors.json' with { type: 'json' };
import de_mail from './locales/de/mail.json' with { type: 'json' };
import de_dashboard from './locales/de/dashboard.json' with { type: 'json' };
import de_categories from './locales/de/categories.json' with { type: 'json' };
import de_cantons from './locales/de/cantons.json' with { type: 'json' };
import de_taxcards from './locales/de/taxcards.json' with { type: 'json' };
import de_featuretest from './locales/de/featuretest.json' with { type: 'json' };
import de_pgbar from './locales/de/pgbar.json' with { type: 'json' };
import de_advanced from './locales/de/advanced.json' with { type: 'json' };
import de_wizard from './locales/de/wizard.json' with { type: 'json' };
import de_address from './locales/de/address.json' with { type: 'json' };
import de_admin from './locales/de/admin.json' with { type: 'json' };
import de_debug from './locales/de/debug.json' with { type: 'json' };
import de_expert from './locales/de/expert.json' with { type: 'json' };
import fr_common from './locales/fr/common.json' with { type: 'json' };
import fr_login from './locales/fr/login.json' with { type: 'json' };
import fr_profile from './locales/fr/profile.json' with { type: 'json' };
import fr_legal from './locales/fr/legal.json' with { type: 'json' };
import fr_errors from './locales/fr/errors.json' with { type: 'json' };
import fr_mail from './locales/fr/mail.json' with { type: 'json' };
import fr_dashboard from './locales/fr/dashboard.json' with { type: 'json' };
import fr_categories from './locales/fr/categories.json' with { type: 'json' };
import fr_cantons from './locales/fr/cantons.json' with { type: 'json' };
import fr_taxcards from './locales/fr/taxcards.json' with { type: 'json' };
import fr_featuretest from './locales/fr/featuretest.json' with { type: 'json' };
import fr_pgbar from './locales/fr/pgbar.json' with { type: 'json' };
import fr_advanced from './locales/fr/advanced.json' with { type: 'json' };
import fr_wizard from './locales/fr/wizard.json' with { type: 'json' };
import fr_address from './locales/fr/address.json' with { type: 'json' };
import fr_admin from './locales/fr/admin.json' with { type: 'json' };
import fr_debug from './locales/fr/debug.json' with { type: 'json' };
import fr_expert from './locales/fr/expert.json' with { type: 'json' };
import it_common from './locales/it/common.json' with { type: 'json' };
import it_login from './locales/it/login.json' with { type: 'json' };
import it_profile from './locales/it/profile.json' with { type: 'json' };
import it_legal from './locales/it/legal.json' with { type: 'json' };
import it_errors from './locales/it/errors.json' with { type: 'json' };
import it_mail from './locales/it/mail.json' with { type: 'json' };
import it_dashboard from './locales/it/dashboard.json' with { type: 'json' };
import it_categories from './locales/it/categories.json' with { type: 'json' };
import it_cantons from './locales/it/cantons.json' with { type: 'json' };
import it_taxcards from './locales/it/taxcards.json' with { type: 'json' };
import it_featuretest from './locales/it/featuretest.json' with { type: 'json' };
import it_pgbar from './locales/it/pgbar.json' with { type: 'json' };
import it_advanced from './locales/it/advanced.json' with { type: 'json' };
import it_wizard from './locales/it/wizard.json' with { type: 'json' };
import it_address from './locales/it/address.json' with { type: 'json' };
import it_admin from './locales/it/admin.json' with { type: 'json' };
import it_debug from './locales/it/debug.json' with { type: 'json' };
import it_expert from './locales/it/expert.json' with { type: 'json' };
import gsw_common from './locales/gsw/common.json' with { type: 'json' };
import gsw_login from './locales/gsw/login.json' with { type: 'json' };
import gsw_profile from './locales/gsw/profile.json' with { type: 'json' };
import gsw_legal from './locales/gsw/legal.json' with { type: 'json' };
import gsw_errors from './locales/gsw/errors.json' with { type: 'json' };
import gsw_mail from './locales/gsw/mail.json' with { type: 'json' };
import gsw_dashboard from './locales/gsw/dashboard.json' with { type: 'json' };
import gsw_categories from './locales/gsw/categories.json' with { type: 'json' };
import gsw_cantons from './locales/gsw/cantons.json' with { type: 'json' };
import gsw_taxcards from './locales/gsw/taxcards.json' with { type: 'json' };
import gsw_featuretest from './locales/gsw/featuretest.json' with { type: 'json' };
import gsw_pgbar from './locales/gsw/pgbar.json' with { type: 'json' };
import gsw_advanced from './locales/gsw/advanced.json' with { type: 'json' };
import gsw_wizard from './locales/gsw/wizard.json' with { type: 'json' };
import gsw_address from './locales/gsw/address.json' with { type: 'json' };
import gsw_admin from './locales/gsw/admin.json' with { type: 'json' };
import gsw_debug from './locales/gsw/debug.json' with { type: 'json' };
import gsw_expert from './locales/gsw/expert.json' with { type: 'json' };

export const NAMESPACES = ['common', 'login', 'profile', 'legal', 'errors', 'mail', 'dashboard', 'categories', 'cantons', 'taxcards', 'featuretest', 'pgbar', 'advanced', 'wizard', 'address', 'admin', 'debug', 'expert'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const resources = {
  en: { common: en_common, login: en_login, profile: en_profile, legal: en_legal, errors: en_errors, mail: en_mail, dashboard: en_dashboard, categories: en_categories, cantons: en_cantons, taxcards: en_taxcards, featuretest: en_featuretest, pgbar: en_pgbar, advanced: en_advanced, wizard: en_wizard, address: en_address, admin: en_admin, debug: en_debug, expert: en_expert },
  de: { common: de_common, login: de_login, profile: de_profile, legal: de_legal, errors: de_errors, mail: de_mail, dashboard: de_dashboard, categories: de_categories, cantons: de_cantons, taxcards: de_taxcards, featuretest: de_featuretest, pgbar: de_pgbar, advanced: de_advanced, wizard: de_wizard, address: de_address, admin: de_admin, debug: de_debug, expert: de_expert },
  fr: { common: fr_common, login: fr_login, profile: fr_profile, legal: fr_legal, errors: fr_errors, mail: fr_mail, dashboard: fr_dashboard, categories: fr_categories, cantons: fr_cantons, taxcards: fr_taxcards, featuretest: fr_featuretest, pgbar: fr_pgbar, advanced: fr_advanced, wizard: fr_wizard, address: fr_address, admin: fr_admin, debug: fr_debug, expert: fr_expert },
  it: { common: it_common, login: it_login, profile: it_profile, legal: it_legal, errors: it_errors, mail: it_mail, dashboard: it_dashboard, categories: it_categories, cantons: it_cantons, taxcards: it_taxcards, featuretest: it_featuretest, pgbar: it_pgbar, advanced: it_advanced, wizard: it_wizard, address: it_address, admin: it_admin, debug: it_debug, expert: it_expert },
  gsw: { common: gsw_common, login: gsw_login, profile: gsw_profile, legal: gsw_legal, errors: gsw_errors, mail: gsw_mail, dashboard: gsw_dashboard, categories: gsw_categories, cantons: gsw_cantons, taxcards: gsw_taxcards, featuretest: gsw_featuretest, pgbar: gsw_pgbar, advanced: gsw_advanced, wizard: gsw_wizard, address: gsw_address, admin: gsw_admin, debug: gsw_debug, expert: gsw_expert },
} as const;

export type Resources = typeof resources;
