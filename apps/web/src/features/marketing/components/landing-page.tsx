import { Suspense, type ReactNode } from 'react';
import { Hero } from './hero';
import { StatsSection } from './stats-section';
import { HowItWorks } from './how-it-works';
import { MomentsSection } from './moments-section';
import { Testimonials } from './testimonials';
import { FaqSection } from './faq-section';
import { PackageSection } from './package-section';

/**
 * Each section below the hero is its own Suspense boundary: the page arrives prerendered, and React
 * hydrates the boundaries after the first screen, in small low-priority slices, instead of all of the
 * page in one long task that would keep a phone from answering a tap (a click inside one not yet
 * hydrated hydrates it first and is replayed).
 */
function Later({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

/** The seven sections of the landing page; the footer comes from the site layout. */
export function LandingPage() {
  return (
    <>
      <Hero />
      <Later>
        <StatsSection />
      </Later>
      <Later>
        <HowItWorks />
      </Later>
      <Later>
        <MomentsSection />
      </Later>
      <Later>
        <Testimonials />
      </Later>
      <Later>
        <FaqSection />
      </Later>
      <Later>
        <PackageSection />
      </Later>
    </>
  );
}
