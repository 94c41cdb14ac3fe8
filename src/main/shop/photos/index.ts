// Photo files in the shop by content hash: a draft's photos up and down, a job's photos, binary COPY.
export { fetchJobPhotos, sendJobPhotos, sendPhotoFiles } from './job-photos';
export { createPhotoSync } from './photo-sync';
export type { PhotoSync } from './photo-sync';
