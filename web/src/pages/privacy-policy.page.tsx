import { LegalPage, PRIVACY_POLICY } from '../features/legal';

const RELATED = [
  { to: '/terms-of-service', label: 'Terms of Service' },
  { to: '/help-center', label: 'Help Center' },
] as const;

/** /privacy-policy, signed in or out (PRODUCT-SPEC §2). */
export function PrivacyPolicyPage() {
  return <LegalPage document={PRIVACY_POLICY} related={RELATED} />;
}
