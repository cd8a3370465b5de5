import {
  apiTokens,
  bicycles,
  components,
  feedback,
  rides,
  serviceEntries,
  serviceIntervals,
  sharedBikes,
  userSettings,
} from "../db/schema.ts";

/** The tables whose rows belong to one rider by `user_id`: what a refused or foreign write must not touch. */
export const OWNED_TABLES = [
  bicycles,
  components,
  serviceEntries,
  sharedBikes,
  feedback,
  userSettings,
  apiTokens,
  rides,
  serviceIntervals,
];
