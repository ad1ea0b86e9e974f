export * from './campaign-read.ts';
export * from './campaign-types.ts';
export * from './campaigns.ts';
export * from './dispatch.ts';
export * from './phishing-catalog.ts';
export * from './phishing-settings.ts';
export * from './render-phishing-mail.ts';
export * from './template-list.ts';
