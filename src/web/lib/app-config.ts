import type { BillingMode } from "../../shared/schemas/subscription.ts";

/** Operator settings the web needs; the server writes them into the page (see server/http/web.ts). */
export interface AppConfig {
  supportEmail: string;
  /** BILLING_MODE: "off" means no plans, no limits and no upgrade buttons. */
  billingMode: BillingMode;
}

const fallback: AppConfig = { supportEmail: "support@velolog.local", billingMode: "test" };

const BILLING_MODES: readonly string[] = ["test", "stripe", "off"] satisfies BillingMode[];

function metaContent(name: string): string | undefined {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined;
}

export function useAppConfig(): AppConfig {
  if (typeof document === "undefined") return fallback;
  const billingMode = metaContent("velolog-billing-mode");
  return {
    supportEmail: metaContent("velolog-support-email") ?? fallback.supportEmail,
    billingMode:
      billingMode && BILLING_MODES.includes(billingMode)
        ? (billingMode as BillingMode)
        : fallback.billingMode,
  };
}
