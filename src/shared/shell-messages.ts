/**
 * What the app's frame says before shared/messages.ts has loaded (the frame is part of every page's first
 * load, prerendered pages included, which never import the messages): a page that could not be loaded, and
 * being offline.
 */
export const shellMessages = {
  pageFailedTitle: "This page could not be loaded",
  pageFailed:
    "Check your connection and reload. If Velolog was just updated, reloading brings the new version.",
  reload: "Reload",
  offline: "You are offline. What you save now is sent when the connection is back.",
};
