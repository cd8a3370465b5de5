/** Operator settings the web needs; the server writes them into the page (see server/http/web.ts). */
export interface AppConfig {
  supportEmail: string;
}

const fallback: AppConfig = { supportEmail: "support@velolog.local" };

export function useAppConfig(): AppConfig {
  if (typeof document === "undefined") return fallback;
  const meta = document.querySelector<HTMLMetaElement>('meta[name="velolog-support-email"]');
  return { supportEmail: meta?.content || fallback.supportEmail };
}
