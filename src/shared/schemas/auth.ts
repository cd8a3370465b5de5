import { z } from "zod";
import { messages } from "../messages.ts";

const m = messages.auth;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** A display name's and an email address's longest (characters); the server refuses longer (auth/user-fields.ts). */
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

const email = z
  .string()
  .trim()
  .min(1, m.emailRequired)
  .max(EMAIL_MAX_LENGTH, m.emailTooLong)
  .email(m.emailInvalid);
/** Deleting an account that signs in only with Google needs a sign-in this recent (seconds). */
export const RECENT_SIGN_IN_SECONDS = 10 * 60;

/**
 * A new password (sign-up, reset, change): the server applies the same rules (auth/password-policy.ts). The
 * common-password list is loaded only when a new password is checked: it is a chunk of its own.
 */
const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, m.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, m.passwordTooLong)
  .refine(
    async (password) => !(await import("../domain/common-passwords.ts")).isCommonPassword(password),
    m.passwordTooCommon,
  );

export const signInSchema = z.object({
  email,
  password: z.string().min(1, m.passwordRequired),
});

export const signUpSchema = z
  .object({
    email,
    password: newPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: m.passwordsDoNotMatch,
  });

export type SignInValues = z.infer<typeof signInSchema>;
export type SignUpValues = z.infer<typeof signUpSchema>;

export const forgotPasswordSchema = z.object({ email });

export const changeEmailSchema = z.object({ newEmail: email });
export type ChangeEmailValues = z.infer<typeof changeEmailSchema>;

export const updatePasswordSchema = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: m.passwordsDoNotMatch,
  });

/** Account Settings: the current password is required, and its mismatch message is "Passwords don't match". */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, m.currentPasswordRequired),
    password: newPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: m.passwordsDontMatchAccount,
  });

export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;
export type UpdatePasswordValues = z.infer<typeof updatePasswordSchema>;
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;
