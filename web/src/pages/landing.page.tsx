import {
  FeatureCards,
  FeatureGrid,
  HeroSection,
  LandingFooter,
  LandingHeader,
  PricingSection,
} from '../features/landing';
import { SupportButton } from '../features/support';

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
