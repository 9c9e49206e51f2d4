// zod/mini keeps the sign-in pages light: these two forms are what a visitor loads first (bench/web budget).
import * as z from 'zod/mini';

// Spec §5: the client checks of the login and register forms, with their exact messages.
export const credentialsSchema = z.object({
  email: z.email('Please enter a valid email address.'),
  password: z.string().check(z.minLength(6, 'Password must be at least 6 characters.')),
});
export type Credentials = z.infer<typeof credentialsSchema>;

export const verificationCodeSchema = z.object({
  code: z.string().check(z.trim(), z.minLength(1, 'Verification code is required')),
});
export type VerificationCode = z.infer<typeof verificationCodeSchema>;

export const recoveryEmailSchema = z.object({ email: credentialsSchema.shape.email });
export const newPasswordSchema = z.object({ password: credentialsSchema.shape.password });
