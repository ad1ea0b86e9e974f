import { RecoveryPasswordForm } from './recovery-password-form.tsx';

export default function AdminRecoveryPasswordPage() {
  return <RecoveryPasswordForm audience="admin" />;
}
