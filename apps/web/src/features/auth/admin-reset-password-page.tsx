import { ResetPasswordForm } from './reset-password-form.tsx';

export default function AdminResetPasswordPage() {
  return <ResetPasswordForm audience="admin" />;
}
