import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { readOutbox } from "../../adapters/mail.ts";
import { feedback } from "../../db/schema.ts";
import { anonymous, describeEachDatabase, signUp, useTestApp } from "../../testing/test-app.ts";

describeEachDatabase("feedback API", (kind) => {
  const t = useTestApp(kind);

  it("stores feedback with the user's email and mails it to the operator", async () => {
    const rider = await signUp(t.app);
    const response = await rider.request("POST", "/api/feedback", {
      title: " Dark mode ",
      feedback: "Love it <b>really</b>",
    });
    expect(response.status).toBe(201);
    const [row] = await t.db.select().from(feedback).where(eq(feedback.userId, rider.userId));
    expect(row).toMatchObject({
      email: rider.email,
      title: "Dark mode",
      feedback: "Love it <b>really</b>",
      formName: "feedback",
    });
    const mail = readOutbox(t.config.dataDir).at(-1)!;
    expect(mail).toMatchObject({
      to: "support@velolog.local",
      replyTo: rider.email,
      subject: "Velolog feedback: Dark mode",
    });
    expect(mail.text).toContain("Love it <b>really</b>");
  });

  it("needs a title, the feedback and a session", async () => {
    const rider = await signUp(t.app);
    const empty = await rider.request("POST", "/api/feedback", { title: "  ", feedback: "" });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      title: "Please enter a title",
      feedback: "Please enter your feedback",
    });
    expect(
      (await anonymous(t.app).request("POST", "/api/feedback", { title: "x", feedback: "y" })).status,
    ).toBe(401);
  });

  it("limits each user to 10 messages an hour", async () => {
    const rider = await signUp(t.app);
    for (let i = 0; i < 10; i++) {
      expect(
        (await rider.request("POST", "/api/feedback", { title: `Idea ${i}`, feedback: "x" })).status,
      ).toBe(201);
    }
    const limited = await rider.request("POST", "/api/feedback", { title: "One more", feedback: "x" });
    expect(limited.status).toBe(429);
    const rows = await t.db.select().from(feedback).where(eq(feedback.userId, rider.userId));
    expect(rows).toHaveLength(10);
  });
});
