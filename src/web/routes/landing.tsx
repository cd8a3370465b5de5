import { BarChart3, Bike, ClipboardList, FileText, Link2, Moon, PackageOpen, Smartphone } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { buttonVariants } from "@/components/ui/button-variants.ts";
import { cardClasses } from "@/components/ui/card-classes.ts";
import { PlanCards } from "@/features/billing/components/plan-cards.tsx";
import { UnlimitedPlan } from "@/features/billing/components/unlimited-plan.tsx";
import { useAppConfig } from "@/lib/app-config.ts";
import { usePageTitle } from "@/lib/use-page-title.ts";
import { TAGLINE } from "../../shared/brand.ts";
import { SIGN_UP_PATH } from "../../shared/domain/routes.ts";

const WORDS = ["bikes", "tires", "crank", "brakes", "pedals", "wheels", "chain"];
const ROTATE_MS = 2500;
const FADE_MS = 500;

function RotatingWord() {
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let fade: ReturnType<typeof setTimeout> | undefined;
    const timer = setInterval(() => {
      setVisible(false);
      fade = setTimeout(() => {
        setIndex((i) => (i + 1) % WORDS.length);
        setVisible(true);
      }, FADE_MS);
    }, ROTATE_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(fade);
    };
  }, []);
  return (
    <span
      data-testid="rotating-word"
      // The fade is a filter rather than `opacity`: contrast checkers (axe, Lighthouse) blend a partial
      // opacity into the text colour and report the word as low-contrast whenever they catch it mid-fade.
      className="inline-block min-w-[6ch] text-left text-primary transition-[filter] duration-500"
      style={{ filter: visible ? "opacity(1)" : "opacity(0)" }}
    >
      {WORDS[index]}
    </span>
  );
}

const features = [
  {
    Icon: Bike,
    title: "Your whole fleet",
    text: "Every bicycle with its photo, purchase details, store and serial number.",
  },
  {
    Icon: ClipboardList,
    title: "Components",
    text: "Frames, forks, drivetrains, wheels: what is fitted to which bike, and its mileage.",
  },
  {
    Icon: BarChart3,
    title: "Service history",
    text: "Each service with its date, cost and receipt, and a running total per part.",
  },
  {
    Icon: PackageOpen,
    title: "Parts bin",
    text: "Keep spare and swapped-out parts, then assign them to a bike when you fit them.",
  },
  {
    Icon: FileText,
    title: "Import from spec sheets",
    text: "Paste a bike's specification or a maker's page and review the parts found.",
  },
  {
    Icon: Link2,
    title: "Share a read-only link",
    text: "Show a bike and its history to a buyer or a mechanic with one link.",
  },
  {
    Icon: Smartphone,
    title: "Made for the workshop",
    text: "Works on your phone, with a tab bar that keeps everything one tap away.",
  },
  {
    Icon: Moon,
    title: "Light or dark",
    text: "Dark by default, light when you want it, or follow your system.",
  },
];

/** The picture's files, from `npm run landing:preview`: the demo dashboard at 1200 and 640 px, and on a phone. */
const preview = (theme: "dark" | "light") => ({
  src: `/landing/dashboard-${theme}-1200.webp`,
  srcSet: `/landing/dashboard-${theme}-640.webp 640w, /landing/dashboard-${theme}-1200.webp 1200w`,
  phone: `/landing/dashboard-${theme}-phone.webp`,
});

/**
 * What the app looks like: a picture of the demo dashboard in the page's theme, the phone layout on phones.
 * The other theme's picture is not displayed, so its lazy image is never fetched; width and height keep the
 * layout still while it loads.
 */
function ProductPreview() {
  const alt =
    "The Velolog dashboard: the service that is due, then bicycle, component, service and spending totals and three bicycles";
  const picture = (theme: "dark" | "light", className: string) => {
    const files = preview(theme);
    return (
      <picture className={className}>
        <source media="(max-width: 639px)" srcSet={files.phone} width={780} height={1200} />
        <img
          alt={alt}
          src={files.src}
          srcSet={files.srcSet}
          sizes="(min-width: 1100px) 1024px, calc(100vw - 2rem)"
          width={1200}
          height={792}
          loading="lazy"
          decoding="async"
          className="block h-auto w-full"
        />
      </picture>
    );
  };
  return (
    <section aria-labelledby="preview-title" className="grid gap-6">
      <h2 id="preview-title" className="text-center text-2xl font-semibold sm:text-3xl">
        Your whole stable at a glance
      </h2>
      <figure className="mx-auto grid w-full max-w-sm gap-3 sm:max-w-5xl">
        <div className="overflow-hidden rounded-xl border bg-card shadow-lg">
          {picture("light", "block dark:hidden")}
          {picture("dark", "hidden dark:block")}
        </div>
        <figcaption className="text-center text-sm text-muted-foreground">
          The demo's dashboard.{" "}
          <Link to="/dashboard" className="text-primary underline underline-offset-4">
            Look around the demo
          </Link>
        </figcaption>
      </figure>
    </section>
  );
}

export function LandingPage() {
  usePageTitle("");
  const billingOff = useAppConfig().billingMode === "off";
  return (
    <div className="grid gap-20">
      <section className="grid gap-6 pt-8 text-center">
        <h1 className="text-4xl font-bold tracking-tight sm:text-6xl">
          Keep your <RotatingWord />
          <br />
          in top shape
        </h1>
        <p className="mx-auto max-w-2xl text-lg text-muted-foreground">{TAGLINE}</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to={SIGN_UP_PATH} data-slot="button" className={buttonVariants({ size: "lg" })}>
            Get Started
          </Link>
          <Link
            to="/dashboard"
            data-slot="button"
            className={buttonVariants({ size: "lg", variant: "outline" })}
          >
            View Demo
          </Link>
        </div>
      </section>
      <ProductPreview />
      <section aria-labelledby="features-title" className="grid gap-8">
        <h2 id="features-title" className="text-center text-2xl font-semibold sm:text-3xl">
          Everything your bikes need remembered
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {features.map(({ Icon, title, text }) => (
            <li key={title}>
              {/* The card's markup with its static classes (ui/card.tsx would bring tailwind-merge). */}
              <div data-slot="card" className={`${cardClasses.card} h-full`}>
                <div data-slot="card-header" className={cardClasses.header}>
                  <Icon className="size-6 text-primary" aria-hidden="true" />
                  <h3 data-slot="card-title" className={cardClasses.title}>
                    {title}
                  </h3>
                </div>
                <div
                  data-slot="card-content"
                  className={`${cardClasses.content} text-sm text-muted-foreground`}
                >
                  {text}
                </div>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="pricing-title" className="grid gap-8">
        <h2 id="pricing-title" className="text-center text-2xl font-semibold sm:text-3xl">
          Simple pricing
        </h2>
        {billingOff ? (
          <UnlimitedPlan />
        ) : (
          <PlanCards
            action={(tier) => (
              <Link
                to={tier === "premium" ? "/pricing" : SIGN_UP_PATH}
                data-slot="button"
                className={buttonVariants({ variant: tier === "premium" ? "default" : "outline" })}
              >
                {tier === "premium" ? "See Premium" : "Start free"}
              </Link>
            )}
          />
        )}
      </section>
    </div>
  );
}
