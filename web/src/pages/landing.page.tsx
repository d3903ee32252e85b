import { FeatureCards } from '../features/landing/components/feature-cards';
import { FeatureGrid } from '../features/landing/components/feature-grid';
import { HeroSection } from '../features/landing/components/hero-section';
import { LandingFooter } from '../features/landing/components/landing-footer';
import { LandingHeader } from '../features/landing/components/landing-header';
import { PricingSection } from '../features/landing/components/pricing-section';
import { SupportButton } from '../features/support/components/support-button';

/** / for signed-out visitors. */
export function LandingPage() {
  return (
    <div className="min-h-screen bg-slate-50">
      <LandingHeader />
      <main>
        <HeroSection />
        <FeatureCards />
        <FeatureGrid />
        <PricingSection />
      </main>
      <LandingFooter />
      <SupportButton />
    </div>
  );
}
