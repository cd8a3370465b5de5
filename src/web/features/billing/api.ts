import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call, client } from "@/lib/api-client.ts";
import { showError } from "@/lib/error-handler.ts";
import { planChanged } from "@/lib/plan-changes.ts";
import { messages } from "../../../shared/messages.ts";

/**
 * Checkout and the customer portal open in a new tab (SPEC.md section 7). The tab is opened once the
 * server answers, which a strict popup blocker refuses (no click is on the stack any more): then the
 * page goes there in this tab. The new tab gets no handle on this one.
 */
function openInNewTab(url: string) {
  const opened = window.open(url, "_blank");
  if (opened) opened.opener = null;
  else window.location.assign(url);
}

export function useCheckout() {
  return useMutation({
    mutationFn: () => call(client.billing.checkout.$post()),
    onSuccess: ({ url }) => openInNewTab(url),
    onError: (error) => showError(error, { fallback: messages.billing.checkoutFailed }),
  });
}

export function usePortal() {
  return useMutation({
    mutationFn: () => call(client.billing.portal.$post()),
    onSuccess: ({ url }) => openInNewTab(url),
    onError: (error) => showError(error, { fallback: messages.billing.portalFailed }),
  });
}

/** Test mode only: the actions of our own checkout and portal pages. */
export function useTestBilling() {
  const queryClient = useQueryClient();
  // The tab checkout or the portal was opened from shows the new plan too.
  const refresh = () => planChanged(queryClient);
  return {
    confirm: (checkoutId: string) =>
      call(client.billing.test.confirm.$post({ json: { checkoutId } })).finally(refresh),
    cancel: () => call(client.billing.test.cancel.$post()).finally(refresh),
    resume: () => call(client.billing.test.resume.$post()).finally(refresh),
  };
}
