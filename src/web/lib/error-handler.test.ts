import { describe, expect, it } from "vitest";
import { messages } from "../../shared/messages.ts";
import { ApiError } from "./api-client.ts";
import { describeError } from "./error-handler.ts";

describe("the generic error handler", () => {
  it("says Network Error first when offline, whatever the error", () => {
    expect(describeError(new ApiError(404, "NOT_FOUND", "gone"), { online: false })).toEqual({
      title: "Network Error",
      description: "Please check your internet connection and try again.",
    });
    expect(describeError(new ApiError(0, "NETWORK", ""), { online: true }).title).toBe("Network Error");
  });

  it("then not found, with the given message or the default", () => {
    expect(describeError(new ApiError(404, "NOT_FOUND", "Bike gone"), { online: true })).toEqual({
      title: "Resource Not Found",
      description: "Bike gone",
    });
    expect(describeError(new ApiError(404, "NOT_FOUND", ""), { online: true }).description).toBe(
      "The requested resource could not be found.",
    );
  });

  it("then authentication", () => {
    expect(describeError(new ApiError(401, "UNAUTHENTICATED", "x"), { online: true })).toEqual({
      title: "Authentication Error",
      description: "Please sign in to continue.",
    });
  });

  it("then anything else: the server's explanation, the operation's message, or the generic one", () => {
    expect(
      describeError(new ApiError(400, "VALIDATION", "Please enter a bicycle name"), { online: true }),
    ).toEqual({
      title: "Error",
      description: "Please enter a bicycle name",
    });
    expect(
      describeError(new ApiError(500, "INTERNAL", "Something went wrong."), {
        online: true,
        fallback: "Could not add bicycle. Please try again.",
      }).description,
    ).toBe("Could not add bicycle. Please try again.");
    expect(describeError(new ApiError(500, "INTERNAL", ""), { online: true }).description).toBe(
      "Something went wrong. Please try again later.",
    );
  });

  it("titles the plan limit Bicycle Limit Reached where a bicycle is added", () => {
    expect(
      describeError(new ApiError(409, "LIMIT_REACHED", "You can only have 1 bicycle(s)"), {
        online: true,
        fallback: messages.bicycles.addFailed,
        limitTitle: messages.bicycles.limitTitle,
      }).title,
    ).toBe("Bicycle Limit Reached");
  });

  it("does not call the API-token limit or a full file storage Bicycle Limit Reached", () => {
    for (const message of [messages.apiTokens.limitReached(10), messages.images.quotaReached]) {
      expect(describeError(new ApiError(409, "LIMIT_REACHED", message), { online: true })).toEqual({
        title: "Error",
        description: message,
      });
    }
  });
});
