/**
 * What the landing and pricing pages say when billing is off (BILLING_MODE=off), in a module of its own as
 * brand.ts is: importing messages.ts would put every message into the landing page's first load.
 */
export const UNLIMITED_TITLE = "Unlimited";
export const UNLIMITED_TEXT =
  "This Velolog charges no one: every account keeps as many bicycles as it likes.";
