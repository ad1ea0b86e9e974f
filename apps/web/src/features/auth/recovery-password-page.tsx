import { RecoveryPasswordForm } from './recovery-password-form.tsx';

export default function RecoveryPasswordPage() {
  return <RecoveryPasswordForm audience="customer" />;
}
