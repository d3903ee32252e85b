/** The static pages' content and frame (PRODUCT-SPEC §2 "Privacy and Terms pages"). */
export { Breadcrumb } from './components/breadcrumb';
export { LegalPage } from './components/legal-page';
export { PublicLayout } from './components/public-layout';
export { PRIVACY_POLICY } from './privacy-policy.content';
export { TERMS_OF_SERVICE } from './terms-of-service.content';
export { usePageTitle } from './use-page-title';
