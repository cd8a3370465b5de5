import { Link } from "react-router";
import { ProsePage } from "@/components/prose-page.tsx";
import { PRODUCT_NAME, TAGLINE } from "../../../shared/messages.ts";

export function AboutPage() {
  return (
    <ProsePage title="About" description={TAGLINE}>
      <p>
        {PRODUCT_NAME} is a logbook for the bicycles you ride. It keeps each bicycle with its photo and
        purchase details, the components fitted to it, a parts bin for the spares and swapped-out parts, and
        the service history of every component with what it cost.
      </p>
      <h2>Why it exists</h2>
      <p>
        Chains wear, brake pads thin and forks want their lowers serviced, but nobody remembers when they last
        did what. A bike shop keeps that history for the bikes it sees; {PRODUCT_NAME} keeps it for yours,
        wherever the work was done.
      </p>
      <h2>What you can do</h2>
      <ul>
        <li>Record bicycles, their components and each component's services, with a running total.</li>
        <li>Move parts between bicycles and the parts bin without losing their history.</li>
        <li>Import components from a pasted specification sheet or a maker's web page.</li>
        <li>Share a read-only snapshot of a bicycle with a buyer or a mechanic.</li>
      </ul>
      <h2>Yours to run</h2>
      <p>
        {PRODUCT_NAME} is self-hostable: one process, with its own embedded database, or PostgreSQL when you
        outgrow it. Your data stays where you put it. See <Link to="/pricing">pricing</Link> for the hosted
        plans and the <Link to="/faq">FAQ</Link> for common questions.
      </p>
    </ProsePage>
  );
}
