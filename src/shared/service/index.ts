// Wire types and zod schemas of the consumer-goods listing service (spec/listing-service.md).
export * from './errors';
export * from './listing';
export * from './media';
export * from './paths';
export * from './publication';
export * from './service-problem';
export * from './token';
