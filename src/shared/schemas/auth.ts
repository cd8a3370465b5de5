import { z } from "zod";
import { messages } from "../messages.ts";

const m = messages.auth;

const email = z.string().trim().min(1, m.emailRequired).email(m.emailInvalid);

export const signInSchema = z.object({
  email,
  password: z.string().min(1, m.passwordRequired),
});

export const signUpSchema = z
  .object({
    email,
    password: z.string().min(6, m.passwordTooShort).max(128, "Password must be at most 128 characters"),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: m.passwordsDoNotMatch,
  });

export type SignInValues = z.infer<typeof signInSchema>;
export type SignUpValues = z.infer<typeof signUpSchema>;
