import { z } from 'zod';
import { ZEmail, ZName, ZPassword, ZRequiredText } from './fields.ts';

const mustBeChecked = z.literal(true, { message: 'validation.must_be_checked' });

const passwordsMatch = <T extends { password: string; confirmPassword: string }>(value: T) =>
  value.password === value.confirmPassword;
const mismatch = { message: 'validation.passwords_do_not_match', path: ['confirmPassword'] };

export const ZLoginForm = z.object({
  email: ZEmail,
  password: z.string().min(1, { message: 'validation.required' }).max(256),
});
export type TLoginForm = z.infer<typeof ZLoginForm>;

export const ZRegisterForm = z
  .object({
    firstname: ZName,
    lastname: ZName,
    companyName: ZRequiredText(200),
    email: ZEmail,
    password: ZPassword,
    confirmPassword: ZPassword,
    confirmLicense: mustBeChecked,
    dataProtectionPolicyAccepted: mustBeChecked,
    orderProcessingAccepted: mustBeChecked,
  })
  .refine(passwordsMatch, mismatch);
export type TRegisterForm = z.infer<typeof ZRegisterForm>;

export const ZResetRequestForm = z.object({ email: ZEmail });

export const ZNewPasswordForm = z
  .object({ password: ZPassword, confirmPassword: ZPassword })
  .refine(passwordsMatch, mismatch);

/** First login (spec §3): password, confirmPassword, dataProtectionPolicyAccepted. */
export const changePasswordFormShape = {
  password: ZPassword,
  confirmPassword: ZPassword,
  dataProtectionPolicyAccepted: mustBeChecked,
};
export const ZChangePasswordForm = z.object(changePasswordFormShape).refine(passwordsMatch, mismatch);
/** The first-login call: the form plus the link's token. */
export const ZFirstLoginInput = z
  .object({ ...changePasswordFormShape, token: z.string().min(1).max(128) })
  .refine(passwordsMatch, mismatch);
