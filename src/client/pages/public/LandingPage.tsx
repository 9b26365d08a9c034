import { CombinationSection } from "./landing/CombinationSection.tsx";
import { FaqPromises } from "./landing/FaqPromises.tsx";
import { FinalCallToAction } from "./landing/FinalCallToAction.tsx";
import { GroupCards } from "./landing/GroupCards.tsx";
import { Hero } from "./landing/Hero.tsx";
import { HowItWorks } from "./landing/HowItWorks.tsx";
import { PlansTeaser } from "./landing/PlansTeaser.tsx";

/** `/` for a logged-out visitor: pitch, sign-in, demo, group cards, combinations, plans and the FAQ promises. */
export function LandingPage() {
  return (
    <>
      <Hero />
      <HowItWorks />
      <GroupCards />
      <CombinationSection />
      <PlansTeaser />
      <FaqPromises />
      <FinalCallToAction />
    </>
  );
}
