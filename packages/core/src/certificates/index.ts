export * from './certificate-download.ts';
export * from './certificate-record.ts';
export * from './company-certificate.ts';
export * from './issue-certificates.ts';
export * from './personal-eligibility.ts';
export * from './revoke-certificates.ts';
export * from './verification-code.ts';
export * from './verify-certificate.ts';
