/**
 * The product's name and tagline (SPEC.md), in a module of their own: the pages' shell shows them, and
 * importing them from messages.ts would put every message into the landing page's first load.
 */
export const PRODUCT_NAME = "Velolog";
export const TAGLINE = "Track your bicycle components and maintenance history with ease.";
