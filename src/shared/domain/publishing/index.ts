// Publishing as the window sees it: publish jobs, what publication states say, scheduled publishing, imprints.
export * from './draft-schedule';
export * from './imprint';
export * from './publication-outcome';
export * from './publish-batch';
export * from './publish-job';
export * from './schedule-rules';
export * from './schedule-time';
