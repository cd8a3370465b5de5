import { z } from "zod";
import { messages } from "../messages.ts";

const m = messages.feedback;

export const feedbackInputSchema = z.object({
  title: z
    .string({ error: m.titleRequired })
    .trim()
    .min(1, m.titleRequired)
    .max(200, "Title must be at most 200 characters"),
  feedback: z
    .string({ error: m.feedbackRequired })
    .trim()
    .min(1, m.feedbackRequired)
    .max(5000, "Feedback must be at most 5000 characters"),
});

export type FeedbackInput = z.output<typeof feedbackInputSchema>;
