import { Hero } from './hero';
import { StatsSection } from './stats-section';
import { HowItWorks } from './how-it-works';
import { MomentsSection } from './moments-section';
import { Testimonials } from './testimonials';
import { FaqSection } from './faq-section';
import { PackageSection } from './package-section';

/** The seven sections of the landing page; the footer comes from the site layout. */
export function LandingPage() {
  return (
    <>
      <Hero />
      <StatsSection />
      <HowItWorks />
      <MomentsSection />
      <Testimonials />
      <FaqSection />
      <PackageSection />
    </>
  );
}
