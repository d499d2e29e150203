import { FolderTree, Languages, Lock, ScanSearch, ShieldCheck, Smartphone, TrendingUp, type LucideIcon } from 'lucide-react';

export type MarketingFeatureKey = 'aiRecognition' | 'encryptedStorage' | 'multilingual' | 'dataProtection' | 'mobile' | 'organisation' | 'refunds';

/**
 * The product's promises (part 1 §1, DECISIONS D11), in the order the spec lists them. Their texts
 * are `marketing.features.<key>` in the common namespace; the login page and /featuretest show them.
 */
export const MARKETING_FEATURES: ReadonlyArray<{ key: MarketingFeatureKey; icon: LucideIcon }> = [
  { key: 'aiRecognition', icon: ScanSearch },
  { key: 'encryptedStorage', icon: Lock },
  { key: 'multilingual', icon: Languages },
  { key: 'dataProtection', icon: ShieldCheck },
  { key: 'mobile', icon: Smartphone },
  { key: 'organisation', icon: FolderTree },
  { key: 'refunds', icon: TrendingUp },
];
