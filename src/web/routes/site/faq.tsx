import type { ReactNode } from "react";
import { Link } from "react-router";
import { ProsePage } from "@/components/prose-page.tsx";
import { PLANS } from "../../../shared/domain/plans.ts";

const questions: [string, ReactNode][] = [
  [
    "What does it cost?",
    <>
      The Free plan keeps {PLANS.free.bicycleLimit} bicycle with unlimited components and service entries.
      Premium keeps up to {PLANS.premium.bicycleLimit} bicycles for ${PLANS.premium.priceUsdPerMonth} per
      month. See <Link to="/pricing">pricing</Link>.
    </>,
  ],
  [
    "Can I try it without an account?",
    <>
      Yes: <Link to="/dashboard">the demo</Link> shows three sample bicycles with their components and service
      history. It is read-only; sign up to keep your own.
    </>,
  ],
  [
    "What happens to a part I take off a bike?",
    "Move it to the parts bin: it keeps its service history, and you can assign it to any of your bicycles later.",
  ],
  [
    "Can I import components from a spec sheet?",
    "Yes. Paste a bike's specification text, or the address of a maker's page, and review the components found before they go to your parts bin.",
  ],
  [
    "How does sharing work?",
    "Share makes a read-only link to a copy of the bicycle as it is at that moment: its details, components and services (costs optional). Delete the link on Shared Links to stop sharing it.",
  ],
  [
    "What if I downgrade from Premium with more than one bicycle?",
    "You keep every bicycle and can still view, edit and delete them; you only cannot add more until you are under the Free limit.",
  ],
  [
    "Where is my data kept?",
    <>
      On the server that runs this Velolog, in its database. Read the{" "}
      <Link to="/privacy-policy">Privacy Policy</Link> for what is kept and for how long.
    </>,
  ],
  [
    "I have another question.",
    <>
      <Link to="/contact">Contact us</Link>, or read more <Link to="/about">about Velolog</Link>.
    </>,
  ],
];

export function FaqPage() {
  return (
    <ProsePage title="FAQ" description="Answers to common questions.">
      <dl className="grid gap-6">
        {questions.map(([question, answer]) => (
          <div key={question} className="grid gap-1">
            <dt className="font-semibold">{question}</dt>
            <dd className="text-foreground/90">{answer}</dd>
          </div>
        ))}
      </dl>
    </ProsePage>
  );
}
