export * from './users.ts';
export * from './events.ts';
export * from './media.ts';
export * from './jobs.ts';
export * from './weddings.ts';
export * from './guests.ts';
export * from './whatsapp.ts';
export * from './uploads.ts';
