import { ResetPasswordForm } from './reset-password-form.tsx';

export default function ResetPasswordPage() {
  return <ResetPasswordForm audience="customer" />;
}
