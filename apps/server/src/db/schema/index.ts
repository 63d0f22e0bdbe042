export * from './users.ts';
export * from './events.ts';
export * from './media.ts';
export * from './jobs.ts';
