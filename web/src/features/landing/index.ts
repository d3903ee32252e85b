/** The public landing page's sections (PRODUCT-SPEC §2 "Landing page"). */
export { FeatureCards } from './components/feature-cards';
export { FeatureGrid } from './components/feature-grid';
export { HeroSection } from './components/hero-section';
export { LandingFooter } from './components/landing-footer';
export { LandingHeader } from './components/landing-header';
export { PricingSection } from './components/pricing-section';
