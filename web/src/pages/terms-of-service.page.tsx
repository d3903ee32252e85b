import { LegalPage, TERMS_OF_SERVICE } from '../features/legal';

const RELATED = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/help-center', label: 'Help Center' },
] as const;

/** /terms-of-service, signed in or out (PRODUCT-SPEC §2). */
export function TermsOfServicePage() {
  return <LegalPage document={TERMS_OF_SERVICE} related={RELATED} />;
}
