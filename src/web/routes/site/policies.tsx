import type { ReactNode } from "react";
import { ProsePage } from "@/components/prose-page.tsx";
import { useAppConfig } from "@/lib/app-config.ts";

/**
 * The policy pages: their titles here (the sitemap lists them), each one's text in policies/<slug>.tsx, its
 * own chunk, so that a policy page loads only its own text.
 */
export const POLICIES = {
  "privacy-policy": {
    title: "Privacy Policy",
    description: "What Velolog keeps about you, why, and for how long.",
  },
  "terms-of-service": {
    title: "Terms of Service",
    description: "The agreement between you and the operator of this Velolog.",
  },
  "cookie-policy": {
    title: "Cookie Policy",
    description: "The one cookie Velolog uses, and what it keeps in your browser.",
  },
  "refund-policy": {
    title: "Refund Policy",
    description: "When a Premium payment is refunded.",
  },
  "acceptable-use-policy": {
    title: "Acceptable Use Policy",
    description: "What Velolog may not be used for.",
  },
  "data-processing-agreement": {
    title: "Data Processing Agreement",
    description: "How personal data is processed on behalf of account holders.",
  },
  "security-policy": {
    title: "Security Policy",
    description: "How Velolog protects your data, and how to report a vulnerability.",
  },
} as const;

export type PolicySlug = keyof typeof POLICIES;

export const mail = (email: string) => <a href={`mailto:${email}`}>{email}</a>;

/** A policy's page: `body` is its text, given the operator's support address. */
export function PolicyPage({ slug, body }: { slug: PolicySlug; body: (supportEmail: string) => ReactNode }) {
  const { supportEmail } = useAppConfig();
  const policy = POLICIES[slug];
  return (
    <ProsePage title={policy.title} description={policy.description}>
      {body(supportEmail)}
      <p className="text-sm text-muted-foreground">Last updated Nov 21, 2026.</p>
    </ProsePage>
  );
}
