export * from './record-events.ts';
export * from './webhook-delivery.ts';
export * from './webhook-endpoints.ts';
export * from './webhook-signature.ts';
export * from './webhook-url.ts';
