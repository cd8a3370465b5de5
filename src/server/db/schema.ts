import { relations, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// ---- Auth library tables (Better Auth's core schema) ----

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  /** Set by the two-factor plug-in once an authenticator app is verified. */
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

/**
 * Relations for Drizzle's relational queries: the auth library's joins (auth.ts, `advanced.database.joins`)
 * read a session with its user in one statement; the dashboard reads a user's lists in one (decision 0031).
 */
export const userRelations = relations(user, ({ many, one }) => ({
  sessions: many(session),
  accounts: many(account),
  bicycles: many(bicycles),
  serviceEntries: many(serviceEntries),
  subscription: one(subscriptions),
}));
export const sessionRelations = relations(session, ({ one }) => ({
  user: one(user, { fields: [session.userId], references: [user.id] }),
}));
export const accountRelations = relations(account, ({ one }) => ({
  user: one(user, { fields: [account.userId], references: [user.id] }),
}));

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * The two-factor plug-in's table: one authenticator-app factor per user. `secret` and `backupCodes` are
 * encrypted by the auth library with the auth secret (never stored in the clear).
 */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factor_user_id_idx").on(t.userId)],
);

/**
 * Failed password sign-ins per email address (auth/sign-in-lock.ts): after 5 in a row the address's password
 * sign-in is locked until `locked_until`. Keyed by a keyed hash of the address, never the address itself, and
 * kept for unknown addresses too, so that a lock tells nobody whether an account exists.
 */
export const signInFailures = pgTable("sign_in_failures", {
  emailKey: text("email_key").primaryKey(),
  failures: integer("failures").notNull(),
  lastFailedAt: timestamp("last_failed_at", { withTimezone: true }).notNull(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

// ---- Product tables (SPEC.md section 3) ----

export const bicycles = pgTable(
  "bicycles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    imageUrl: text("image_url"),
    purchaseDate: date("purchase_date", { mode: "string" }),
    price: numeric("price", { precision: 12, scale: 2 }),
    purchaseCondition: text("purchase_condition"),
    storeName: text("store_name"),
    serialNumber: text("serial_number"),
    storeLink: text("store_link"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("bicycles_user_created_idx").on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export const components = pgTable(
  "components",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bicycleId: uuid("bicycle_id").references(() => bicycles.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type").notNull(),
    brand: text("brand"),
    mileage: numeric("mileage", { precision: 12, scale: 1 }).notNull().default("0"),
    notes: text("notes"),
    imageUrl: text("image_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("components_bicycle_idx").on(t.bicycleId),
    index("components_user_updated_idx").on(t.userId, t.updatedAt.desc()),
  ],
);

export const serviceEntries = pgTable(
  "service_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    componentId: uuid("component_id")
      .notNull()
      .references(() => components.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    description: text("description").notNull(),
    cost: numeric("cost", { precision: 12, scale: 2 }).notNull(),
    receiptUrl: text("receipt_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("service_entries_component_date_idx").on(t.componentId, t.date.desc()),
    // In the order of the service log (`date desc, created_at desc, id desc`), so the dashboard's recent
    // services read a few index entries instead of sorting every entry.
    index("service_entries_user_date_created_idx").on(
      t.userId,
      t.date.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * Rides (issue Q): what wears components. Distance in km like `components.mileage`, moving time in seconds.
 * `externalId` names a ride's origin (a file's fingerprint, a Strava activity) so the same ride is not stored twice.
 */
export const rides = pgTable(
  "rides",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    bicycleId: uuid("bicycle_id")
      .notNull()
      .references(() => bicycles.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    distanceKm: numeric("distance_km", { precision: 10, scale: 3 }).notNull(),
    movingSeconds: integer("moving_seconds").notNull(),
    elevationGainM: integer("elevation_gain_m"),
    source: text("source").notNull(),
    externalId: text("external_id"),
    /**
     * When the rider last changed the ride in Velolog (null: never). A Strava ride changed here is the
     * rider's from then on: imports and Strava's events leave it as it is (decision 0041).
     */
    editedAt: timestamp("edited_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Ascending on purpose: read backwards they give "started_at desc, id desc" (NULLS FIRST, as the rides
    // pages ask for; an index declared `.desc()` is NULLS LAST and cannot serve that order). The distance and
    // time at the end let a component's wear (rides of its bicycle within an installation period) and the
    // totals per year be read from the index alone.
    index("rides_bicycle_started_idx").on(t.bicycleId, t.startedAt, t.id, t.distanceKm, t.movingSeconds),
    index("rides_user_started_idx").on(t.userId, t.startedAt, t.id, t.distanceKm, t.movingSeconds),
    uniqueIndex("rides_user_external_idx").on(t.userId, t.source, t.externalId),
  ],
);

/**
 * A user's Strava connection (decision 0041): the athlete, and the OAuth tokens encrypted with the auth
 * secret (like two-factor secrets). Disconnecting deletes the row; the rides imported through it stay.
 */
export const stravaConnections = pgTable("strava_connections", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  athleteId: bigint("athlete_id", { mode: "number" }).notNull().unique(),
  athleteName: text("athlete_name").notNull(),
  accessToken: text("access_token").notNull(),
  refreshToken: text("refresh_token").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  scope: text("scope").notNull(),
  /**
   * Where the next "Import past rides" goes on: the start of the last activity an import had stored when
   * Strava's rate limit stopped it. Null: the next import reads every activity.
   */
  importAfter: timestamp("import_after", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Which Velolog bicycle a Strava bike (gear) rides as; a bike without a row is not imported. */
export const stravaGear = pgTable(
  "strava_gear",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    gearId: text("gear_id").notNull(),
    bicycleId: uuid("bicycle_id")
      .notNull()
      .references(() => bicycles.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gearId] })],
);

/**
 * Strava activities the rider deleted in Velolog (decision 0041): imports and events do not bring them back.
 * Kept when Strava is disconnected, so connecting again does not bring them back either.
 */
export const stravaSkippedActivities = pgTable(
  "strava_skipped_activities",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    activityId: text("activity_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.activityId] })],
);

/**
 * Where a component has been (issue Q): on a bicycle (or in the parts bin, `bicycle_id` null) from `started_at`
 * until `ended_at` (null: still there). Every placement of a component closes its open period and opens one.
 */
export const componentInstallations = pgTable(
  "component_installations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    componentId: uuid("component_id")
      .notNull()
      .references(() => components.id, { onDelete: "cascade" }),
    bicycleId: uuid("bicycle_id").references(() => bicycles.id, { onDelete: "cascade" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    index("component_installations_component_idx").on(t.componentId, t.startedAt),
    index("component_installations_bicycle_idx").on(t.bicycleId),
  ],
);

/**
 * Service intervals (issue R): a component is due for `label` every `every_km` km ridden, every `every_hours`
 * hours of riding or every `every_months` months, whichever comes first (at least one is set). Counted from
 * the last service entry that resets it (`service_entry_intervals`), else from the component's installation.
 */
export const serviceIntervals = pgTable(
  "service_intervals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    componentId: uuid("component_id")
      .notNull()
      .references(() => components.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    everyKm: numeric("every_km", { precision: 10, scale: 1 }),
    everyHours: numeric("every_hours", { precision: 8, scale: 1 }),
    everyMonths: integer("every_months"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("service_intervals_component_idx").on(t.componentId, t.createdAt),
    index("service_intervals_user_idx").on(t.userId),
    check(
      "service_intervals_some_measure",
      sql`${t.everyKm} is not null or ${t.everyHours} is not null or ${t.everyMonths} is not null`,
    ),
  ],
);

/** Which intervals a service entry resets (ticked on the entry's form). */
export const serviceEntryIntervals = pgTable(
  "service_entry_intervals",
  {
    serviceEntryId: uuid("service_entry_id")
      .notNull()
      .references(() => serviceEntries.id, { onDelete: "cascade" }),
    intervalId: uuid("interval_id")
      .notNull()
      .references(() => serviceIntervals.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.serviceEntryId, t.intervalId] }),
    index("service_entry_intervals_interval_idx").on(t.intervalId, t.serviceEntryId),
  ],
);

export const sharedBikes = pgTable(
  "shared_bikes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shareToken: text("share_token").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    bikeData: jsonb("bike_data").notNull(),
    notes: text("notes"),
    /** The bicycle the snapshot was taken of (the service passport's QR code); null once it is deleted. */
    bicycleId: uuid("bicycle_id").references(() => bicycles.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("shared_bikes_share_token_key").on(t.shareToken),
    index("shared_bikes_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("shared_bikes_bicycle_idx").on(t.bicycleId),
  ],
);

export const subscriptions = pgTable(
  "subscriptions",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    tier: text("tier").notNull().default("free"),
    status: text("status").notNull().default("active"),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** Stripe mode: the user's Stripe customer, created once at the first checkout. */
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("subscriptions_stripe_customer_idx").on(t.stripeCustomerId)],
);

/**
 * Billing test mode: each checkout started (POST /api/billing/checkout). Confirming one grants one period
 * of Premium and sets `confirmed_at`, so a checkout can be confirmed once only.
 */
export const testCheckouts = pgTable(
  "test_checkouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (t) => [index("test_checkouts_user_idx").on(t.userId)],
);

/** Stripe webhook events already applied (idempotency: a redelivered event changes nothing). */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

export const feedback = pgTable(
  "feedback",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    title: text("title").notNull(),
    feedback: text("feedback").notNull(),
    formName: text("form_name").notNull().default("feedback"),
    createdAt: createdAt(),
  },
  (t) => [index("feedback_created_idx").on(t.createdAt.desc())],
);

/** Uploaded files (photos, receipts). The bytes live in storage under `key`; the id is the public URL's name. */
export const files = pgTable(
  "files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    purpose: text("purpose").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("files_key_key").on(t.key), index("files_user_idx").on(t.userId)],
);

/** Per-user preferences (DECISIONS.md: the distance unit, km by default; issue R: the due-soon percentage). */
export const userSettings = pgTable("user_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  distanceUnit: text("distance_unit").notNull().default("km"),
  /** An interval is "due soon" from this share of it used (issue R). */
  dueSoonPercent: integer("due_soon_percent").notNull().default(90),
  /** The rider's IANA time zone: where "today" is and when an install date begins (decision 0060). */
  timeZone: text("time_zone").notNull().default("UTC"),
  updatedAt: updatedAt(),
});

/**
 * Personal API tokens (decision 0037): a script's `Authorization: Bearer` credential for its owner's data.
 * Only the SHA-256 of the secret is kept; `start` is the secret's first characters, to tell tokens apart.
 * Revoking deletes the row. `scope` is "read" or "write" (read and write).
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    scope: text("scope").notNull(),
    secretHash: text("secret_hash").notNull(),
    start: text("start").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("api_tokens_secret_hash_key").on(t.secretHash),
    index("api_tokens_user_created_idx").on(t.userId, t.createdAt.desc()),
  ],
);

export const bicycleRelations = relations(bicycles, ({ one, many }) => ({
  user: one(user, { fields: [bicycles.userId], references: [user.id] }),
  components: many(components),
}));
export const componentRelations = relations(components, ({ one, many }) => ({
  bicycle: one(bicycles, { fields: [components.bicycleId], references: [bicycles.id] }),
  serviceEntries: many(serviceEntries),
  installations: many(componentInstallations),
}));
export const componentInstallationRelations = relations(componentInstallations, ({ one }) => ({
  component: one(components, {
    fields: [componentInstallations.componentId],
    references: [components.id],
  }),
}));
export const serviceEntryRelations = relations(serviceEntries, ({ one }) => ({
  user: one(user, { fields: [serviceEntries.userId], references: [user.id] }),
  component: one(components, { fields: [serviceEntries.componentId], references: [components.id] }),
}));
export const subscriptionRelations = relations(subscriptions, ({ one }) => ({
  user: one(user, { fields: [subscriptions.userId], references: [user.id] }),
}));

/**
 * The job runner's lease and history, one row per scheduled job (decision 0043). A process runs a job
 * only after moving `locked_until` into the future in one UPDATE whose condition says the lease is free
 * and the job is due, so one process runs it at a time; `last_completed_at` says when it last finished,
 * so a run missed while every process was down happens at the next start.
 */
export const jobs = pgTable("jobs", {
  name: text("name").primaryKey(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  lockedBy: text("locked_by"),
  lastCompletedAt: timestamp("last_completed_at", { withTimezone: true }),
});

/**
 * Reminders (issue 31): the digest mail's switch (on when there is no row), when the last digest went out,
 * and the private calendar feed. The feed's token is derived from the auth secret and `calendar_key`
 * (features/reminders/tokens.ts), so Settings can show its URL again; only its SHA-256 is stored, to find
 * the user by it. A new link is a new key.
 */
export const reminderPreferences = pgTable(
  "reminder_preferences",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    emailDigest: boolean("email_digest").notNull().default(true),
    lastDigestAt: timestamp("last_digest_at", { withTimezone: true }),
    calendarKey: text("calendar_key"),
    calendarTokenHash: text("calendar_token_hash"),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("reminder_preferences_calendar_token_hash_key").on(t.calendarTokenHash)],
);

/**
 * What the reminder digest last told about each interval ("due-soon" or "overdue"), so that a digest lists
 * only what changed since, and a run repeated after a restart tells nothing twice. Forgotten when the
 * interval is serviced (back to "ok"), so it is told again the next time it comes due.
 */
export const reminderNotices = pgTable(
  "reminder_notices",
  {
    intervalId: uuid("interval_id")
      .primaryKey()
      .references(() => serviceIntervals.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    state: text("state").notNull(),
    toldAt: timestamp("told_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("reminder_notices_user_idx").on(t.userId)],
);

/**
 * What an archive import (features/export, decision 0048) made of each object of an export: the object's id in
 * the archive (`source_id`) and the row it became here (`target_id`), per kind ("bicycle", "component", "file",
 * ...). Importing the same archive again finds its objects here and adds nothing twice.
 */
export const importSources = pgTable(
  "import_sources",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    sourceId: text("source_id").notNull(),
    targetId: uuid("target_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.sourceId] })],
);
