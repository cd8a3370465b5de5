import { TAGLINE } from "../messages.ts";

/** Each public page's own title and description, written into the served HTML for crawlers and previews. */
export const PAGE_META: Record<string, { title: string; description: string }> = {
  "/": { title: "Velolog: bicycle maintenance tracker", description: TAGLINE },
  "/about": {
    title: "About",
    description:
      "Why Velolog exists and what it keeps for you: bicycles, components, parts bin and service history.",
  },
  "/pricing": {
    title: "Pricing",
    description: "Free for 1 bicycle. Premium tracks up to 10 bicycles for $2 per month.",
  },
  "/faq": {
    title: "FAQ",
    description:
      "Answers about plans, the demo, the parts bin, importing spec sheets, sharing and your data.",
  },
  "/contact": { title: "Contact", description: "How to reach the people who run this Velolog." },
  "/sitemap": { title: "Sitemap", description: "Every public page of Velolog." },
  "/privacy-policy": {
    title: "Privacy Policy",
    description: "What Velolog keeps about you, why, and for how long.",
  },
  "/terms-of-service": {
    title: "Terms of Service",
    description: "The agreement between you and the operator of this Velolog.",
  },
  "/cookie-policy": {
    title: "Cookie Policy",
    description: "The one cookie Velolog uses, and what it keeps in your browser.",
  },
  "/refund-policy": {
    title: "Refund Policy",
    description: "When a Premium payment is refunded, and how cancelling works.",
  },
  "/acceptable-use-policy": {
    title: "Acceptable Use Policy",
    description: "What Velolog may not be used for.",
  },
  "/data-processing-agreement": {
    title: "Data Processing Agreement",
    description: "How personal data is processed on behalf of account holders.",
  },
  "/security-policy": {
    title: "Security Policy",
    description: "How Velolog protects your data, and how to report a vulnerability.",
  },
  "/dashboard": {
    title: "Dashboard",
    description: "Bicycles, components, service entries and spending at a glance (a demo when signed out).",
  },
  "/bicycles": { title: "Bicycles", description: "Your bicycles, or the read-only demo when signed out." },
  "/auth": { title: "Sign in or sign up", description: "Sign in to Velolog, or create a free account." },
};

/**
 * The pages prerendered at build time (scripts/prerender.ts) and served with their content in the HTML
 * to visitors without a session: the landing page and the site's information pages.
 */
export const PRERENDERED_PATHS = [
  "/",
  "/about",
  "/pricing",
  "/faq",
  "/contact",
  "/sitemap",
  "/privacy-policy",
  "/terms-of-service",
  "/cookie-policy",
  "/refund-policy",
  "/acceptable-use-policy",
  "/data-processing-agreement",
  "/security-policy",
] as const;

/**
 * The prerendered pages that show the plans. They are prerendered with billing on; with BILLING_MODE=off
 * the server sends them without that markup and the browser renders them (saying the instance is unlimited).
 */
export const PAGES_SHOWING_PLANS: readonly string[] = ["/", "/pricing"];

/** prerendered.json's entry for the signed-in frame (web/prerender.tsx), beside the public pages' paths. */
export const PRERENDERED_SIGNED_IN_FRAME = "signed-in frame";

/** Placeholders in prerendered markup that the server fills in when it serves a page. */
export const PRERENDER_SUPPORT_EMAIL = "%%VELOLOG_SUPPORT_EMAIL%%";
export const PRERENDER_YEAR = "%%VELOLOG_YEAR%%";
