/** Every user-visible message from SPEC.md, word for word, in one place. */
export { PRODUCT_NAME, TAGLINE } from "./brand.ts";

import { UNLIMITED_TEXT, UNLIMITED_TITLE } from "./plan-copy.ts";

/** A spreadsheet cell quoted in a message: its first 60 characters (a long note picked as the date column …). */
const cellShown = (value: string) => (value.length > 60 ? `${value.slice(0, 60)}…` : value);

export const messages = {
  loading: "Loading...",
  generic: {
    offlineTitle: "Network Error",
    offline: "Please check your internet connection and try again.",
    notFoundTitle: "Resource Not Found",
    notFound: "The requested resource could not be found.",
    authTitle: "Authentication Error",
    auth: "Please sign in to continue.",
    errorTitle: "Error",
    error: "Something went wrong. Please try again later.",
  },
  /** Amounts typed into forms (shared/domain/decimal.ts, decision 0062). */
  numbers: {
    ambiguous: (label: string, value: string) =>
      `${label}: “${value}” could mean ${value.replace(",", "")} or ${Number(value.replace(",", "."))}; please type the one you mean`,
  },
  /** A date (or time) field whose typed value is no real day, e.g. 02/31/2024: the browser reports it as blank. */
  forms: {
    realDate: "Enter a real date",
    realTime: "Enter a real time",
    leaveUnsaved: "Your changes are not saved. Leave this page and lose them?",
  },
  bicycles: {
    nameRequired: "Please enter a bicycle name",
    loadFailed: "Could not load bicycles. Please try again.",
    addFailed: "Could not add bicycle. Please try again.",
    updateFailed: "Could not update bicycle. Please try again.",
    saveFailed: "Failed to save bicycle. Please try again.",
    detailsFailed: "Error loading bicycle details.",
    deleteFailed: "There was a problem deleting the bicycle.",
    added: "Bicycle added successfully.",
    updated: "Bicycle updated successfully.",
    deleted: "Bicycle deleted.",
    empty: "No bicycles yet. Add your first one!",
    noImage: "No image available",
    limitTitle: "Bicycle Limit Reached",
    overLimit: (count: number, limit: number) =>
      `You have ${count} bicycles, more than your plan's ${limit}: they all stay, but you cannot add another.`,
    limit: (limit: number, premiumLimit: number) =>
      `You can only have ${limit} bicycle(s) on your current plan. Upgrade to Premium to track up to ${premiumLimit} bicycles.`,
    signUpToCreate: "Please sign up to create bicycles",
    signUpToEdit: "Please sign up to edit bicycles",
    mustBeLoggedIn: "You must be logged in to add a bicycle",
    deleteWarning:
      "This will permanently delete this bicycle, its rides and all of its components and service records; parts moved from it to another bicycle lose the distance ridden on it. This cannot be undone. Links you shared of it are copies: they stay public until you delete them on Shared Links.",
    priceInvalid: "Price must be a number from 0 to 99,999,999.99 with at most 2 decimals",
    storeLinkInvalid: "Store website must be a valid URL (starting with http:// or https://)",
    dateInvalid: "Purchase date must be a real date (yyyy-MM-dd)",
    dateInFuture: "Purchase date must not be in the future",
  },
  components: {
    movedMeanwhile:
      "This component is no longer on that bicycle: it was moved meanwhile. The page now shows where it is.",
    nameRequired: "Please enter a component name",
    typeRequired: "Please select a component type",
    mileageInvalid: "Distance before tracking must be a number from 0 to 10,000,000",
    installedAtInvalid: "Installed on must be a date that is not in the future",
    installedAtNotADate: "Installed on must be a date written YYYY-MM-DD",
    saveFailed: "Something went wrong while saving the component.",
    loadFailed: "Failed to load components.",
    addFailed: "Failed to add component.",
    moveFailed: "Failed to move component to parts bin.",
    updateFailed: "Failed to update component. Please try again.",
    deleteFailed: "Failed to delete component. Please try again.",
    bicycleFetchFailed: "Could not fetch bicycle details.",
    detailsFailed: "Could not fetch component details.",
    unexpected: "An unexpected error occurred.",
    assignFailed: "Failed to assign component to bicycle.",
    partsBinLoadError: "Error loading components",
    added: "Component added",
    moved: "Component moved",
    updated: "Component updated successfully.",
    deleted: "Component deleted",
    removedFromPartsBin: "Component removed from your parts bin",
    assigned: "Component assigned",
    assignedMany: (n: number, bicycleName: string) =>
      `${n} ${n === 1 ? "component" : "components"} assigned to ${bicycleName}.`,
    selectComponents: "Select at least one component to assign",
    selectBicycle: "Please select a bicycle",
    empty: "No components added yet.",
    partsBinEmpty: "No components in your parts bin.",
    noFilterMatch: "No components match the selected filter",
    partsBinSignedOut: "Please log in to manage your parts bin.",
    notFoundTitle: "Component Not Found",
    notFound: "The component you're looking for doesn't exist or you don't have permission to view it.",
    fromPartsBin: "From your Parts Bin",
    backToPartsBin: "Back to Parts Bin",
    mustBeLoggedInToAdd: "You must be logged in to add a component",
    mustBeLoggedInToUpdate: "You must be logged in to update components",
    mustBeLoggedInToDelete: "You must be logged in to delete components",
    signUpToAdd: "Please sign up to add components",
    deleteWarning: "This will permanently delete this component and all of its service entries.",
    moveWarning:
      "The component will be taken off this bicycle and kept in your parts bin, with its service history.",
  },
  services: {
    dateRequired: "Please select a date",
    dateInFuture: "Date must not be in the future",
    descriptionRequired: "Please enter a description",
    costRequired: "Please enter a cost",
    costInvalid: "Cost must be a number from 0 to 99,999,999.99 with at most 2 decimals",
    receiptUrlInvalid: "Receipt URL must be a valid URL (starting with http:// or https://)",
    loadFailed: "Could not load service entries. Please try again.",
    saveFailed: "Could not save service entry. Please try again.",
    saveUnexpected: "Something went wrong while saving the service entry.",
    saved: "Service entry added or updated successfully.",
    deleted: "Service entry deleted",
    deleteFailed: "Could not delete service entry. Please try again.",
    authRequiredTitle: "Authentication Required",
    authRequired: "Please log in to add service entries.",
    empty: "No service entries yet.",
    recentEmpty: "No service entries for this bicycle yet.",
    deleteWarning: "This service entry will be permanently deleted.",
    /** Beside deleteWarning when the entry reset intervals: deleting it undoes that. */
    deleteUndoesResets: (labels: string[]) => {
      const list = labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
      return `It reset ${list}: ${labels.length === 1 ? "that interval counts" : "those intervals count"} again from the service before it, or from the part's installation.`;
    },
    unknownComponent: "Unknown Component",
    unknownBicycle: "Unknown Bicycle",
  },
  shares: {
    shareFailed: "Error sharing bike",
    loadFailed: "Error loading shared links",
    deleteFailed: "Error deleting shared link",
    loadSharedFailed: "Error loading shared bike",
    notFound: "Shared bike not found",
    notFoundTitle: "Bike Not Found",
    notFoundText: "This link does not exist or is no longer shared.",
    copied: "Link copied",
    deleted: "Link deleted",
    unnamed: "Unnamed Bicycle",
    empty: "You haven't shared any bicycles yet",
    signUpToShare: "Sign up to share your own bicycles",
    deleteWarning: "Anyone with this link will no longer be able to see the bicycle.",
    includeCostsInvalid: "Include service costs must be true or false",
    includeSerialNumberInvalid: "Include serial number must be true or false",
  },
  passport: {
    noShareLink:
      "A QR code on the passport opens the bicycle's shared page. This bicycle has no share link yet.",
    onlyLinksWithCosts:
      "A QR code on the passport opens the bicycle's shared page. Its share links all show costs: a passport without costs needs a link without them.",
  },
  import: {
    textRequiredTitle: "Text Required",
    textRequired: "Please paste the bike specification text",
    urlRequiredTitle: "URL Required",
    urlRequired: "Please enter a URL to a bicycle specification page",
    noneFoundTitle: "No Components Found",
    noneFoundText:
      "Couldn't identify any components in the provided text. Try adjusting the format or add components manually.",
    noneFoundPage:
      "Couldn't find any components on the provided page. Try another URL or add components manually.",
    foundTitle: "Components Found",
    found: (n: number) => `Found ${n} components`,
    noComponentsTitle: "No Components",
    noComponents: "Add at least one component to import, or paste the specification again.",
    importedTitle: "Components Imported",
    imported: (n: number, bicycleName?: string) =>
      `Import Successful: ${n} ${n === 1 ? "component was" : "components were"} added to ${
        bicycleName ?? "your parts bin"
      }.`,
    failedTitle: "Import Failed",
    parsingFailedTitle: "Parsing Failed",
    parseFailed: "Failed to parse components from text.",
    importFailed: "Failed to import components.",
    mustBeLoggedIn: "You must be logged in to import components",
    rateLimited: "Too many page imports in a short time. Please wait a minute and try again.",
  },
  feedback: {
    titleRequired: "Please enter a title",
    feedbackRequired: "Please enter your feedback",
    submitted: "Feedback submitted",
    submittedDescription: "Thank you! We read every message.",
    failedTitle: "Error submitting feedback",
    failed: "Please try again or contact support if the problem persists.",
    rateLimited: "You have sent a lot of feedback in a short time. Please try again in an hour.",
  },
  apiTokens: {
    nameRequired: "Please enter a name for the token",
    scopeInvalid: "Scope must be read or write",
    expiryInvalid: "Expiry must be 7, 30, 90 or 365 days, or none",
    notFound: "API token not found",
    invalid: "This API token is not valid. It may have been revoked or have expired.",
    readOnly: "This API token can only read. Create a token with read and write access to make changes.",
    notAllowed: "API tokens cannot be used here. Sign in to the app instead.",
    rateLimited: "Too many requests with this API token. Please wait a minute.",
    nameTooLong: "Name must be at most 100 characters",
    loadFailed: "Could not load your API tokens. Please try again.",
    /** On the Account page's API tokens card. */
    cardDescription:
      "Scripts can use a token to read or change your bicycles, parts, rides and service history through the API. Tokens cannot sign in, change your password, sessions or two-factor authentication, delete your account, manage billing or Strava, or make other tokens.",
    /**
     * The web app's password change always signs the other sessions out (change-password-card.tsx), so it
     * always ends the tokens; the Sessions card's "Sign out other sessions" does not (docs/security.md).
     */
    endedByPassword: (limit: number) =>
      `Changing or resetting your password revokes all your tokens. Signing out other sessions does not, so revoke any token you do not recognise. You can have up to ${limit} tokens.`,
    limitReached: (limit: number) =>
      `You can have at most ${limit} API tokens. Revoke one you no longer use, then create a new one.`,
  },
  reminders: {
    saved: "Reminder settings saved",
    emailDigestInvalid: "Email reminders must be on or off",
    unsubscribed:
      "You will no longer receive reminder emails. You can turn them on again in Account Settings.",
    unsubscribeInvalid: "This unsubscribe link is not valid. Turn reminders off in Account Settings instead.",
    calendarNotFound: "This calendar link is not valid. It may have been replaced by a new link.",
    newLink: "New calendar link made. The old link no longer works.",
    linkMade: "Calendar link made",
    feedStopped: "Calendar feed turned off. Its link no longer works.",
  },
  billing: {
    paymentSuccessful: "Payment Successful",
    paymentSuccessfulDescription: "Welcome to Premium: you can now track up to 10 bicycles.",
    paymentCanceled: "Payment Canceled",
    paymentCanceledDescription: "Nothing was charged. You can upgrade whenever you like.",
    checkFailed: "Failed to check subscription status",
    checkoutFailed: "Failed to create checkout session",
    portalFailed: "Failed to open customer portal",
    testMode: "Test mode: no payment is taken.",
    canceled: "Your Premium plan will end at the end of the period.",
    resumed: "Your Premium plan will renew.",
    alreadyPremium: "You are already on Premium. Manage your plan from Account Settings.",
    checkoutNotFound: "This checkout was not found. Start a new one from the pricing page.",
    checkoutAlreadyConfirmed: "This checkout is already confirmed.",
    checkoutExpired: "This checkout has expired. Start a new one from the pricing page.",
    rateLimited:
      "Checkout or the customer portal was opened many times in a short time. Please try again in an hour.",
    unlimitedTitle: UNLIMITED_TITLE,
    unlimited: UNLIMITED_TEXT,
  },
  auth: {
    passwordTooShort: "Password must be at least 8 characters long",
    passwordTooLong: "Password must be at most 128 characters",
    passwordTooCommon: "This password is too common. Please choose one that is harder to guess",
    nameTooLong: "Name must be at most 100 characters",
    sessionNotFound: "No such session: it has ended already, or it is not one of yours",
    sessionSignedOut: "Signed out of that session",
    idTokenSignInOff: "Sign in with Google through its sign-in page: an ID token is not accepted here",
    emailTooLong: "Email must be at most 254 characters",
    emailUnchanged: "That is already your email",
    imageNotAllowed: "A profile picture (image) cannot be set here: leave it out",
    passwordHint: "At least 8 characters, and not a common password.",
    passwordsDoNotMatch: "Passwords do not match",
    passwordsDontMatchAccount: "Passwords don't match",
    signInErrorTitle: "Error signing in",
    invalidCredentials: "Invalid email or password",
    signInLocked: (minutes: number) =>
      `Too many failed sign-ins for this email. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again, or reset your password.`,
    signUpErrorTitle: "Error signing up",
    emailRequired: "Please enter your email address",
    emailInvalid: "Please enter a valid email address",
    passwordRequired: "Please enter your password",
    accountCreated: "Account created",
    accountCreatedDescription: "Check your email for the confirmation link.",
    verificationSentTitle: "Verification Email Sent",
    verificationSent: (email: string) =>
      `We sent a link to ${email}. Open it to confirm your address and sign in. It works once, for one hour.`,
    verificationResent: "A new confirmation link is on its way.",
    emailNotVerified: "Please confirm your email first: we have sent you a new link.",
    resetEmailSent: "Password reset email sent",
    resetEmailSentDescription: "If an account uses that address, a link to reset its password is on its way.",
    resetLinkSentTitle: "Reset Link Sent",
    resetEmailFailed: "Error sending reset email",
    linkExpiredTitle: "Link expired",
    linkExpired: "The password reset link has expired or is invalid. Please request a new one.",
    confirmationLinkExpiredTitle: "Confirmation link expired",
    confirmationLinkExpired:
      "The email confirmation link has expired or is invalid. Sign in with your email and password to get a new one.",
    emailConfirmedTitle: "Email confirmed",
    emailConfirmed: "Your email address is confirmed. Please sign in.",
    verificationResendFailed: "Could not send the verification email",
    tooManyAttempts: "Too many attempts. Please wait a minute and try again.",
    signInToSeeTitle: "Sign in to see this page",
    signInToSee: "This page is part of a rider's logbook. Sign in to see it; you come back here afterwards.",
    twoFactorCodeUsed: "That code was just used. Wait for the next code in your authenticator app.",
    googleError: "Something went wrong with Google sign-in.",
    signInWithGoogle: "Sign in with Google",
    passwordUpdated: "Password updated",
    passwordUpdateFailed: "Error updating password",
    currentPasswordRequired: "Please enter your current password",
    completing: "Completing authentication",
    authenticationError: "Authentication error",
    signedOutTitle: "Signed out successfully",
    signedOut: "You have been logged out",
    signOutFailedTitle: "Sign out failed",
    signOutFailed: "There was an issue signing out. Please try again.",
  },
  emailChange: {
    title: "Change email",
    description:
      "We send a link to your current address to confirm the change, then one to the new address. Your email changes when you open the second.",
    requested: "Check your inbox",
    requestedDescription: (current: string, next: string) =>
      `Open the link we sent to ${current} to confirm the change to ${next}.`,
    confirmed: "Change confirmed",
    confirmedDescription: "Now open the link we sent to your new address to finish.",
    done: "Email changed",
    doneDescription: (email: string) => `You now sign in with ${email}.`,
    /** On /auth, when the new address's link was opened where no one was signed in (decision 0083). */
    doneSignIn: "Sign in with your new email address.",
    failed: "The email could not be changed",
    linkExpired: "This link has expired or was already used. Please ask for the change again.",
    otherAccount:
      "This link is for another account than the one signed in here. Sign out, or open it in a private window.",
    taken: "That email now belongs to another account, so yours was not changed.",
    rateLimited: "Too many attempts. Please wait a minute and try again.",
  },
  deleteAccount: {
    passwordRequired: "Please enter your password",
    passwordWrong: "The password is not right.",
    codeRequired: "Please enter the 6-digit code from your authenticator app, or a backup code",
    codeWrong: "The code is not right. Please try again with a new code.",
    signInAgain:
      "For your security, sign in with Google again (within the last 10 minutes) before deleting your account.",
    rateLimited: "Too many attempts. Please wait a minute and try again.",
    failed: "The account could not be deleted. Please try again.",
    deleted: "Your account was deleted",
    endsPremium: "Your Premium plan ends with it, at once, and is not charged again.",
  },
  notFound: {
    title: "Oops! Page not found",
  },
  request: {
    tooLarge: "The request body is too large (at most 1 MB).",
    notAnObject: "The request body must be a JSON object.",
    idInvalid: (field: string) => `${field} must be an id (a UUID)`,
    nulCharacter: (field: string) => `${field} must not contain NUL characters`,
    nestedTooDeeply: (levels: number) =>
      `The request body is nested too deeply (at most ${levels} levels of arrays and objects).`,
  },
  images: {
    notMultipart: "The upload must be multipart/form-data with a file.",
    oneFile: "file must be one file: send each file in a request of its own",
    purposeInvalid: "purpose must be bicycle-image, component-image or receipt",
    invalidType: "Invalid file type: Please select an image file (JPEG, PNG, or WebP)",
    invalidReceiptType: "Invalid file type: Please select an image file (JPEG, PNG, or WebP) or a PDF",
    tooLarge: "File too large: Please select an image smaller than 10MB",
    empty: "The file is empty: Please select another file",
    noFile: "No file was sent: Please select an image file (JPEG, PNG, or WebP)",
    noReceiptFile: "No file was sent: Please select an image file (JPEG, PNG, or WebP) or a PDF",
    processFailed: "Failed to process image. Please try another file.",
    tooManyPixels: "Image too large: Please select an image of at most 40 megapixels",
    quotaReached:
      "Storage full: You have used all 200 MB of your file storage. Remove some photos or receipts first.",
    rateLimited: "Too many uploads: Please wait a few minutes and try again.",
    notYourFile: "The file could not be found.",
    wrongPurpose: "This file cannot be used here.",
    uploadFailed: "Upload failed. Please try again.",
    canvasContext: "Could not get canvas context",
    createBlob: "Could not create blob",
    loading: "Image loading error",
    reading: "File reading error",
    originalSize: "Original",
    compressedSize: "Compressed",
    removePhoto: "Remove photo",
    cancelUpload: "Cancel upload",
    compressing: "Compressing the image…",
  },
  /** The account export (.zip) and its import (decision 0048). */
  archive: {
    title: "Your data",
    description:
      "Everything in your account in one .zip: bicycles, components, rides, intervals, service history, share links, settings, photos and receipts.",
    exportButton: "Export everything",
    exportStarted: "Your export is downloading: your browser shows its progress and saves the .zip.",
    exportFailed: "The export could not be made. Please try again.",
    importTitle: "Import from an export",
    importHelp:
      "Adds the contents of a Velolog export (.zip) to this account. Anything already in your account is kept as it is, not updated: its details, photos and installation history stay as they are here. Your preferences (distance unit, due soon %, time zone, service emails) become the export's. Importing the same file again adds nothing twice.",
    importButton: "Import",
    importing: "Importing…",
    sendingArchive: "Sending the export…",
    checkingArchive: "Sent. Checking and importing what it holds…",
    imported: "Import finished",
    nothingNew: "Everything in this export is already in your account.",
    importFailed: "The import failed. Nothing was imported.",
    chooseFile: "Choose a Velolog export (.zip) first",
    noFileChosen: "No file chosen",
    notZip: "This is not a .zip file. Choose the .zip that “Export everything” made.",
    badZip: "The .zip could not be read. Nothing was imported.",
    tooLarge: "The file is too large: an export to import may be at most 300 MB.",
    noJson: "This .zip is not a Velolog export: it has no velolog.json. Nothing was imported.",
    notJson: "velolog.json is not valid JSON. Nothing was imported.",
    wrongFormat: (detail: string) =>
      `This .zip is not a Velolog export (velolog.json: ${detail}). Nothing was imported.`,
    newerVersion: (version: number, known: number) =>
      `This export has format version ${version}, made by a newer Velolog; this one reads versions up to ${known}. Nothing was imported.`,
    unsafeName: (name: string) =>
      `The .zip holds an unsafe file name (${name}): names may not point outside the archive. Nothing was imported.`,
    tooManyEntries: "The .zip holds too many files. Nothing was imported.",
    entryTooLarge: (name: string) =>
      `A file in the .zip (${name}) expands past the size allowed. Nothing was imported.`,
    expandsTooFar: "The files in this .zip expand past 400 MB together. Nothing was imported.",
    missingFile: (path: string) =>
      `The export names a file it does not hold (${path}). Nothing was imported.`,
    brokenReference: (what: string) => `The export is inconsistent (${what}). Nothing was imported.`,
    notAccepted: (what: string, reason: string) =>
      `The export holds what Velolog does not accept (${what}: ${reason}). Nothing was imported.`,
    periodInFuture: "An installation period cannot start or end in the future",
    badFile: (path: string, reason: string) => `${path}: ${reason} Nothing was imported.`,
    planLimit: (limit: number, names: string[]) =>
      `Your plan allows ${limit} ${limit === 1 ? "bicycle" : "bicycles"}, so ${names.length === 1 ? "this bicycle does" : "these bicycles do"} not fit: ${names.join(", ")}. Nothing was imported. Upgrade, or delete bicycles first.`,
    rateLimited: "Too many imports: please wait an hour and try again.",
    resultImported: "Imported",
    resultAlreadyThere: "Already in your account (kept as they are)",
    resultUnused: (files: string) => `Not imported: ${files} that nothing in the export shows`,
    resultRemoved: (rides: string) =>
      `Removed: ${rides} from Strava that you had deleted in the exported account`,
    resultSettings: "Preferences taken from the export",
  },
  settings: {
    /** The rider's time zone (decision 0060): the web app sends the browser's; an API client may send any. */
    timeZoneInvalid: "Time zone must be a time zone name such as Europe/Berlin",
  },
  intervals: {
    /** An interval counts at least one of distance, hours and months. */
    measureRequired: "Set a distance, hours or months",
    /** A service entry's resets name an interval that is not its component's. */
    resetsNotOwn: "Resets must name intervals of this component",
    /** The dashboard's Due card when every interval is fine. */
    noneDue: (total: number) =>
      total === 1
        ? "Nothing is due. The one interval is fine."
        : `Nothing is due. All ${total} intervals are fine.`,
    /** The demo's interval controls, as its other blocked actions say. */
    signUpToSet: "Sign up to set your own service intervals",
    demoNone: "No service intervals on this demo component.",
  },
  rides: {
    nameRequired: "Please enter a name for the ride",
    startRequired: "Please enter when the ride started",
    distanceInvalid: "Distance must be a number above 0 and at most 2,000 km",
    /** The ride form's, in the rider's unit: the same limit converted ("1,242.7 mi"; for km, distanceInvalid). */
    distanceInvalidIn: (max: string, unit: string) =>
      `Distance must be a number above 0 and at most ${max} ${unit}`,
    timeInvalid: "Moving time must be between 0 and 48 hours",
    timeWholeSeconds: "Moving time must be a whole number of seconds",
    startInFuture: "A ride cannot start in the future",
    startTooEarly: "A ride cannot start before 1900",
    elevationInvalid: "Elevation gain must be a whole number of metres from 0 to 20,000",
    /** The ride form's, in the rider's unit ("feet", "65,618"; for metres, elevationInvalid). */
    elevationInvalidIn: (units: string, max: string) =>
      `Elevation gain must be a whole number of ${units} from 0 to ${max}`,
    notFound: "Ride not found",
    /** A move's bicycle that is not an id at all (one that is not the rider's is a 404). */
    bicycleInvalid: "Please choose one of your bicycles",
    added: "Ride added",
    updated: "Ride updated",
    /** The toast of an edit that moved the ride: where it went. */
    movedTo: (bicycle: string) => `Ride moved to ${bicycle}`,
    deleted: "Ride deleted",
    loadFailed: "Failed to load rides.",
    saveFailed: "Something went wrong while saving the ride.",
    empty: "No rides yet.",
    chooseBicycle: "Add rides by hand or from GPX, TCX and FIT files on a bicycle's Rides tab:",
  },
  rideFiles: {
    // The drop zone's line: with a mouse, and on a touch screen (where nothing can be dropped).
    dropHint:
      "Drop GPX, TCX or FIT files here (gzipped too), or a .zip of them, such as Strava's bulk export.",
    chooseHint: "GPX, TCX or FIT files (gzipped too), or a .zip of them, such as Strava's bulk export.",
    unknownFormat: "Not a GPX, TCX or FIT file",
    unreadable: "The file could not be read",
    noTrackPoints: "The file has no track points",
    noStartTime: "The file has no times: it looks like a planned route, not a recorded ride",
    noDistance: "The ride in the file has no distance",
    empty: "The file is empty",
    notARide: (sport: string) => `Not a ride (${sport}): only bicycle rides are imported`,
    routeOnly: "The file holds a planned route, not a recorded ride",
    tooLarge: "Too large: a ride file may be at most 25 MB, and a .zip of them at most 100 MB",
    tooManyFiles: "Too many files in the .zip: at most 500 rides at a time",
    badZip: "The .zip could not be opened",
    damagedGzip: "The file could not be read: it is incomplete or damaged (gzip)",
    zipInZip: "A .zip inside the .zip: import that .zip on its own",
    emptyZip: "The .zip holds no GPX, TCX or FIT files",
    /** The progress of a .zip sent in batches (too large for one request), counted in its rides. */
    importingRides: (done: string, total: string) => `Importing rides ${done} of ${total}…`,
    /** Above the list of files: what became of them all, each figure already formatted. */
    summary: (imported: string, duplicate: string, unreadable: string) =>
      `${imported} imported · ${duplicate} already there · ${unreadable} not imported`,
    nameRequired: "Please give the file's name",
    nameTooLong: "The file's name must be at most 300 characters",
    /** The toast when no ride of the files came in (each was already there or could not be read). */
    noneImported: "No rides imported",
    /** What became of a file, in the list of results. */
    status: { imported: "Imported", duplicate: "Already there", unreadable: "Not imported" },
    /** A Strava export's ride on another of the rider's bicycles than the one imported from (its gear). */
    importedTo: (bicycle: string) => `Imported to ${bicycle}`,
    alreadyOn: (bicycle: string) => `Already there on ${bicycle}`,
  },
  strava: {
    unavailable: "Strava did not answer as expected. Please try again in a few minutes.",
    reconnect:
      "Strava no longer accepts Velolog's access (it was revoked on Strava or has ended). Please connect Strava again, or disconnect.",
    rateLimited: (until: "quarter" | "day") =>
      until === "day"
        ? "Strava takes no more requests from Velolog today. Please try again tomorrow."
        : "Strava takes no more requests from Velolog for now. Please try again in 15 minutes.",
    /** An import stopped by Strava's rate limit; the next one goes on from there. */
    importRateLimited: (imported: number, until: "quarter" | "day") =>
      `Strava takes no more requests from Velolog ${until === "day" ? "today" : "for now"}, so the import stopped ` +
      (imported === 0 ? "before a ride came in" : `after ${imported} ${imported === 1 ? "ride" : "rides"}`) +
      `. Run “Import past rides” again ` +
      `${until === "day" ? "tomorrow" : "in 15 minutes"}: it goes on where it stopped.`,
    notConnected: "Connect Strava first.",
    noSuchBike: "No such bike on your Strava account.",
    needsBike: "Choose a bicycle for at least one Strava bike first.",
    introAutomatic:
      "Connect your Strava account, choose which bicycle each Strava bike is, and your rides come in by themselves.",
    introManual:
      "Connect your Strava account, choose which bicycle each Strava bike is, and bring your rides in with “Import past rides”.",
    hintAutomatic:
      "New rides on mapped bikes come in by themselves; import once for the rides you already have.",
    hintManual:
      "New rides do not come in by themselves on this server: use “Import past rides” again to bring them in. Rides already here are not added twice.",
    bikesFailed: "Your Strava bikes could not be read. Please try again in a few minutes.",
    /** Our own GET /api/strava failed: whether the rider is connected is not known, so neither is said. */
    statusFailed: "Could not check your Strava connection. Please try again.",
    connectAgain: "Connect again",
    /** Why "Import past rides" cannot be used now (its tooltip). */
    importWhy: {
      loading: "Reading your Strava bikes first",
      reconnect: "Connect Strava again first",
      failed: "Your Strava bikes could not be read; try again in a few minutes",
      noBikes: "Your Strava account has no bikes",
      unmapped: "Choose a bicycle for a Strava bike first",
    },
    /** What "Import past rides" did (StravaImportResult). */
    imported: (r: {
      imported: number;
      alreadyThere: number;
      skipped: number;
      withoutDistance: number;
      more: boolean;
    }) =>
      `${r.imported} ${r.imported === 1 ? "ride" : "rides"} imported` +
      (r.alreadyThere > 0 ? `, ${r.alreadyThere} already there` : "") +
      (r.skipped > 0 ? `, ${r.skipped} deleted in Velolog left out` : "") +
      (r.withoutDistance > 0
        ? `, ${r.withoutDistance} without distance (such as trainer sessions) left out`
        : "") +
      "." +
      (r.more ? " There are more: run “Import past rides” again and it goes on where it stopped." : ""),
    deleteRide: "It came from Strava and will not be imported again.",
    signedOutTitle: "Strava not connected",
    signedOut:
      "You were not signed in when Strava sent you back. Sign in, then connect Strava again in Account Settings.",
  },
  csv: {
    downloadFailed: "The file could not be downloaded. Please try again.",
    dateInvalid: (row: number, value: string) => `Row ${row}: date “${cellShown(value)}” is not a date`,
    dateMissing: (row: number) => `Row ${row}: the date is empty`,
    dateInFuture: (row: number, value: string) => `Row ${row}: date “${cellShown(value)}” is in the future`,
    dateTooEarly: (row: number, value: string) => `Row ${row}: date “${cellShown(value)}” is before 1900`,
    componentMissing: (row: number) => `Row ${row}: the component is empty`,
    componentUnknown: (row: number, value: string) =>
      `Row ${row}: component “${cellShown(value)}” matches none of your components`,
    componentAmbiguous: (row: number, value: string, count: number) =>
      `Row ${row}: component “${cellShown(value)}” matches ${count} of your components; choose a bicycle, or map a bicycle column`,
    bicycleUnknown: (row: number, value: string) =>
      `Row ${row}: bicycle “${cellShown(value)}” is not one of yours`,
    descriptionMissing: (row: number) => `Row ${row}: the description is empty`,
    descriptionTooLong: (row: number, max: number) =>
      `Row ${row}: the description is longer than ${max} characters`,
    costInvalid: (row: number, value: string) =>
      `Row ${row}: cost “${cellShown(value)}” is not an amount from 0 to 99,999,999.99 with at most 2 decimals`,
    costAmbiguous: (row: number, value: string) => {
      const amount = value.replace(/[^\d,]/g, "");
      return `Row ${row}: cost “${cellShown(value)}” could mean ${amount.replace(",", "")} or ${Number(amount.replace(",", "."))}; write the one you mean in the file`;
    },
    receiptInvalid: (row: number, value: string) =>
      `Row ${row}: receipt “${cellShown(value)}” is not a link starting with http:// or https://`,
    receiptTooLong: (row: number, max: number) =>
      `Row ${row}: the receipt link is longer than ${max} characters`,
    receiptNotYours: (row: number, value: string) =>
      `Row ${row}: receipt “${cellShown(value)}” is not one of your uploaded files`,
    receiptWrongPurpose: (row: number, value: string) =>
      `Row ${row}: receipt “${cellShown(value)}” is a file that cannot be used as a receipt`,
    rowsInvalid: (count: number) =>
      `${count} ${count === 1 ? "row has an error" : "rows have errors"}; nothing was imported.`,
    dateFormatRequired: "Please choose how the file writes its dates",
    columnRequired: (field: string) => `Please choose the ${field} column`,
    noRows: "The file has a header but no rows to import",
    rowsNotAList: "rows must be a list of the file's rows",
    rowNotAnObject: "Each of rows must be an object of the row's number and cells",
    rowNumberInvalid: "row must be the row's number in the file, from 1",
    cellInvalid: (cell: string, max: number) => `${cell} must be text of at most ${max} characters`,
    dryRunInvalid: "dryRun must be true or false",
    tooManyRows: (max: number) => `The file has more than ${max} rows; please split it and import each part`,
    unreadable: "The file could not be read as CSV",
    empty: "The file is empty",
    tooLarge: "The rows are too large to send at once; please split the file and import each part",
    imported: (imported: number, skipped: number) =>
      `${imported} service ${imported === 1 ? "entry" : "entries"} imported` +
      (skipped > 0
        ? `; ${skipped} ${skipped === 1 ? "row" : "rows"} already logged or repeated in the file skipped`
        : ""),
    importFailed: "The service records could not be imported. Please try again.",
  },
} as const;
