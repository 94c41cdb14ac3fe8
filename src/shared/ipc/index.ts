export * from './names';
export * from './types';
export * from './envelope';
export * from './contract';
