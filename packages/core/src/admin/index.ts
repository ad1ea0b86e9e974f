export * from './admins.ts';
export * from './back-office-accounts.ts';
export * from './block-account.ts';
export * from './delete-employer-completely.ts';
export * from './insurer-accounts.ts';
export * from './policyholder-details.ts';
export * from './policyholders.ts';
export * from './set-password.ts';
