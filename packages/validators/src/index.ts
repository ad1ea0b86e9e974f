export * from './auth-forms.ts';
export * from './avv.ts';
export * from './certificates.ts';
export * from './employer-settings.ts';
export * from './fields.ts';
export * from './format-date.ts';
export * from './insurance-number.ts';
export * from './password.ts';
