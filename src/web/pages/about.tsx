import { Accessibility, Lock, Scale, Smartphone } from "lucide-react";
import { CtaBand, FeatureCard, PageHero, Section, SectionHeading } from "./components";

export default function AboutPage() {
  return (
    <>
      <PageHero
        eyebrow="About us"
        title="Built for the coaches who do it for love"
        lead="Most flag-football coaches are volunteers: parents, teachers, former players. Flagline exists so they can give every player honest feedback without spending their evenings on spreadsheets."
      />

      <Section labelledBy="story-title">
        <div className="grid gap-10 lg:grid-cols-[1fr_1.2fr]">
          <SectionHeading id="story-title" eyebrow="Our story" title="From a clipboard to a leaderboard" />
          <div className="space-y-5 text-lg leading-relaxed text-stone-700">
            <p>
              Flagline started on a sideline, with a clipboard, a pencil and a coach trying to remember who pulled which
              flag. The notes were half-legible by the end of the game and most of them never made it into the
              spreadsheet.
            </p>
            <p>
              Players noticed. The ones who scored touchdowns always got credit; the cornerback who shut down a receiver
              all afternoon rarely did. So we built a logger fast enough to use during play, and a score that weighs
              each play by position.
            </p>
            <p>
              Then teams asked where their data would live. Youth teams in particular should not have to hand their
              players' names and photos to one more company, so Flagline is software you run yourself.
            </p>
          </div>
        </div>
      </Section>

      <Section labelledBy="values-title" className="bg-field-50">
        <SectionHeading id="values-title" eyebrow="What we believe" title="Four promises we build to" />
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          <FeatureCard icon={<Lock className="size-6" />} title="Your data is yours">
            Flagline stores everything on the machine you choose. We never see your team, and there is nothing to export
            because nothing ever left.
          </FeatureCard>
          <FeatureCard icon={<Scale className="size-6" />} title="Every position counts">
            Scores are weighted by position so defenders and linemen get the same recognition as the players who score.
          </FeatureCard>
          <FeatureCard icon={<Smartphone className="size-6" />} title="Made for the sideline">
            Fast on a phone, readable in sunlight, usable with one hand while you watch the next snap.
          </FeatureCard>
          <FeatureCard icon={<Accessibility className="size-6" />} title="Usable by everyone">
            Keyboard and screen-reader friendly, with clear language and sufficient contrast throughout.
          </FeatureCard>
        </ul>
      </Section>

      <Section labelledBy="open-title">
        <SectionHeading
          id="open-title"
          eyebrow="Open software"
          title="Free to use, free to change"
          lead="Flagline's source is open. Clubs can read exactly what it does with their data, fix what bothers them and share it back. We earn a living from support plans for teams that want a hand, not from locking features away."
        />
      </Section>

      <CtaBand
        title="Bring Flagline to your team"
        lead="It takes a minute to create a team and share its code with your players."
      />
    </>
  );
}
