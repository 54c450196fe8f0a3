import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { LANDING_GUIDANCE } from './landing.guidance.ts';
import { landingSections, signUpPath } from '../../app/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Icon } from '../../ui/Icon.tsx';
import { Link } from '../../ui/Link.tsx';
import { SparkyLogo } from '../../ui/SparkyLogo.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { FEATURE_CARDS, HOW_IT_WORKS_STEPS, ROLE_CARDS } from './landing-content.ts';
import './landing.css';

/**
 * The landing page (spec §2.1): hero, why Sparky Reads exists, 12 feature cards, How It Works in 4
 * steps, three role cards and a closing call to action. Each section is a named region, so a
 * screen-reader user can jump between them. Every sign-up button leads to /login?mode=signup.
 */
export function LandingPage() {
  useDocumentTitle('Help children learn to read');
  usePageGuidance(LANDING_GUIDANCE);
  return (
    <>
      <Hero />
      <WhySection />
      <FeaturesSection />
      <HowItWorksSection />
      <RolesSection />
      <ClosingSection />
    </>
  );
}

function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <div className="hero__text">
          <p className="hero__kicker">Sparky Reads</p>
          <h1 id="hero-title">Help children learn to read</h1>
          <p className="hero__lead">
            A patient reading buddy for every child. Your child reads a story aloud, Sparky listens, and
            together you see their reading grow.
          </p>
          <div className="hero__actions">
            <Link href={signUpPath} variant="primary">
              Start Reading
            </Link>
            <Link href={`#${landingSections.howItWorks}`} variant="secondary">
              See how it works
            </Link>
          </div>
          <p className="hero__status">
            <Icon name="hammer" size={20} />
            <span>
              Sparky Reads is being built in steps. Accounts, the story library, making and bringing in
              stories, read-aloud practice with scores, a one-minute reading check and a reading screening
              three times a year, letter and word games, progress reports for parents, and classes with
              reading assignments, a class calendar, class analytics and reports for teachers work today.
            </span>
          </p>
        </div>
        <HeroArt />
      </div>
    </section>
  );
}

function HeroArt() {
  return (
    <div className="hero__art" aria-hidden="true">
      <svg viewBox="0 0 240 220" width="240" height="220" focusable="false" className="hero__book">
        <ellipse cx="120" cy="196" rx="104" ry="14" className="hero__shadow" />
        <path d="M20 80q50-18 100 6v104q-50-24-100-6z" className="hero__page" />
        <path d="M220 80q-50-18-100 6v104q50-24 100-6z" className="hero__page" />
        <path
          d="M38 104q34-10 66 4M38 126q34-10 66 4M38 148q34-10 66 4M136 108q32-14 66-4M136 130q32-14 66-4M136 152q32-14 66-4"
          className="hero__lines"
        />
      </svg>
      <SparkyLogo size={150} className="hero__sparky" />
    </div>
  );
}

function WhySection() {
  return (
    <section className="band band--warm" aria-labelledby="why-title">
      <div className="container why">
        <h2 id="why-title">Why Sparky Reads exists</h2>
        <p>
          Children learn to read by reading aloud to someone who listens: someone who notices the tricky word,
          waits while they sound it out, and cheers when they reach the end of the page.
        </p>
        <p>
          Not every child has a grown-up free to listen every day. And many reading apps expect a child to
          read the buttons already, to see the screen clearly, and to use a mouse.
        </p>
        <p>
          Sparky Reads started from a simple idea: a patient listener for every child, including children who
          cannot read the screen yet, children who use a screen reader, and children who get around with a
          keyboard or a switch.
        </p>
      </div>
    </section>
  );
}

function FeaturesSection() {
  return (
    <section className="band" id={landingSections.features} aria-labelledby="features-title">
      <div className="container">
        <h2 id="features-title">Features</h2>
        <p className="section-lead">
          Each card says whether it is ready now, being built now, or coming later.
        </p>
        <ul className="card-grid">
          {FEATURE_CARDS.map((card) => (
            <li key={card.title} className="card feature-card">
              <span className="feature-card__icon">
                <Icon name={card.icon} size={32} />
              </span>
              <h3>{card.title}</h3>
              <p>{card.text}</p>
              <StatusBadge status={card.status} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function HowItWorksSection() {
  return (
    <section className="band band--warm" id={landingSections.howItWorks} aria-labelledby="how-title">
      <div className="container">
        <h2 id="how-title">How It Works</h2>
        <ol className="steps">
          {HOW_IT_WORKS_STEPS.map((step, index) => (
            <li key={step.title} className="card step">
              <span className="step__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>
                <span className="visually-hidden">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p>{step.text}</p>
              <StatusBadge status={step.status} />
            </li>
          ))}
        </ol>
        <div className="section-actions">
          <Link href={signUpPath} variant="primary">
            Sign Up
          </Link>
        </div>
      </div>
    </section>
  );
}

function RolesSection() {
  return (
    <section className="band" aria-labelledby="roles-title">
      <div className="container">
        <h2 id="roles-title">For families, classrooms and young readers</h2>
        <ul className="role-grid">
          {ROLE_CARDS.map((role) => (
            <li key={role.title} className="card role-card">
              <span className="role-card__icon">
                <Icon name={role.icon} size={40} />
              </span>
              <h3>{role.title}</h3>
              <p>{role.text}</p>
              <Link href={signUpPath} variant="primary" className="role-card__action">
                {role.action}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ClosingSection() {
  return (
    <section className="band" aria-labelledby="closing-title">
      <div className="container">
        <div className="closing">
          <SparkyLogo size={72} />
          <div className="closing__text">
            <h2 id="closing-title">Ready to read with Sparky?</h2>
            <p>Sign up in a minute. There is nothing to pay.</p>
          </div>
          <Link href={signUpPath} variant="primary" className="closing__action">
            Start Free Today
          </Link>
        </div>
      </div>
    </section>
  );
}
