// Bulk edits (issue 17.4): the edit, its form, its application to drafts and live listings, and its job.
export * from './bulk-edit';
export * from './bulk-edit-form';
export * from './bulk-edit-job';
export * from './bulk-edit-listings';
