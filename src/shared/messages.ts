/** Every user-visible message from SPEC.md, word for word, in one place. */
export const PRODUCT_NAME = "Velolog";
export const TAGLINE = "Track your bicycle components and maintenance history with ease.";

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
    limit: (limit: number, premiumLimit: number) =>
      `You can only have ${limit} bicycle(s) on your current plan. Upgrade to Premium to track up to ${premiumLimit} bicycles.`,
    signUpToCreate: "Please sign up to create bicycles",
    signUpToEdit: "Please sign up to edit bicycles",
    mustBeLoggedIn: "You must be logged in to add a bicycle",
    deleteWarning:
      "This will permanently delete this bicycle and all of its components and service records. This cannot be undone.",
    priceInvalid: "Price must be a number of 0 or more with at most 2 decimals",
    storeLinkInvalid: "Store website must be a valid URL (starting with http:// or https://)",
    dateInvalid: "Purchase date must be a real date (yyyy-MM-dd)",
  },
  auth: {
    passwordTooShort: "Password must be at least 6 characters long",
    passwordsDoNotMatch: "Passwords do not match",
    passwordsDontMatchAccount: "Passwords don't match",
    signInErrorTitle: "Error signing in",
    invalidCredentials: "Invalid email or password",
    signUpErrorTitle: "Error signing up",
    emailRequired: "Please enter your email address",
    emailInvalid: "Please enter a valid email address",
    passwordRequired: "Please enter your password",
    accountCreated: "Account created",
    signedOutTitle: "Signed out successfully",
    signedOut: "You have been logged out",
    signOutFailedTitle: "Sign out failed",
    signOutFailed: "There was an issue signing out. Please try again.",
  },
  notFound: {
    title: "Oops! Page not found",
  },
} as const;
