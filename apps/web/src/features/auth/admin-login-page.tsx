import { LoginForm } from './login-form.tsx';

export default function AdminLoginPage() {
  return <LoginForm audience="admin" />;
}
