import { email, formSchema, minLength, trim, type InferForm } from './form-schema';

const emailChecks = [email('Please enter a valid email address.')];
const passwordChecks = [minLength(6, 'Password must be at least 6 characters.')];

// The client checks of the login and register forms, with their exact messages.
export const credentialsSchema = formSchema({ email: emailChecks, password: passwordChecks });
export type Credentials = InferForm<typeof credentialsSchema>;

export const verificationCodeSchema = formSchema({
  code: [trim(), minLength(1, 'Verification code is required')],
});
export type VerificationCode = InferForm<typeof verificationCodeSchema>;

export const recoveryEmailSchema = formSchema({ email: emailChecks });
export const newPasswordSchema = formSchema({ password: passwordChecks });
