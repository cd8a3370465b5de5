/** Dispatched on window when a toast must show before the visitor has interacted with the page. */
export const TOASTER_WANTED_EVENT = "velolog:toaster";
