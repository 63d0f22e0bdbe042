import { inject } from 'vitest';

export const baseURL = inject('baseURL');
export const dataDir = inject('dataDir');
