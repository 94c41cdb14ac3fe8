// sharp (libvips) is loaded the first time a photo is taken in, not when the app starts: it is the
// heaviest native module of the back end, and most starts show the drafts list without any intake.
import type { default as Sharp } from 'sharp';

let loading: Promise<typeof Sharp> | null = null;

/** sharp's default export, loaded once. */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
