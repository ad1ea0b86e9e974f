import { isPasswordStrongEnough } from '@portal/validators/strength';
import { DomainError } from '../errors.ts';

/** The server decides (DECISIONS.md): score >= 2 with the person's own data as user inputs. */
export function assertStrongPassword(password: string, userInputs: string[]): void {
  if (!isPasswordStrongEnough(password, userInputs)) {
    throw new DomainError('BAD_REQUEST', 'change_password.password_too_weak');
  }
}

export const userInputsOf = (user: { firstname: string; lastname: string; email: string }, companyName?: string) =>
  [user.firstname, user.lastname, user.email, companyName ?? ''].filter(Boolean);
