import { isValidInsuranceNumber } from './insurance-number.ts';

export interface TEmployerSettingsFacts {
  firstname: string;
  lastname: string;
  email: string;
  salutation: string | null;
  company: {
    companyName: string;
    street: string;
    postCode: string;
    city: string;
    phoneNumber: string;
    insuranceNumber: string;
  };
}

/**
 * Spec §5: employer settings are complete when firstname, lastname, email, salutation,
 * companyName, address, phoneNumber and insuranceNumber are filled and the insurance number is
 * valid. Until then the employer is sent to /account-settings (spec §4).
 */
export function isEmployerSettingsComplete(facts: TEmployerSettingsFacts): boolean {
  const { company } = facts;
  const filled = [
    facts.firstname,
    facts.lastname,
    facts.email,
    facts.salutation ?? '',
    company.companyName,
    company.street,
    company.postCode,
    company.city,
    company.phoneNumber,
    company.insuranceNumber,
  ].every((value) => value.trim() !== '');
  return filled && isValidInsuranceNumber(company.insuranceNumber.trim());
}
