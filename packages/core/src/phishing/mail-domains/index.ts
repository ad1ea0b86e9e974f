export * from './campaign-reach.ts';
export * from './check-mail-domain.ts';
export * from './demo-mail-domain.ts';
export * from './dispatch-rule.ts';
export * from './mail-domains.ts';
export * from './recipient-rule.ts';
