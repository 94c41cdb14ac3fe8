// Builds the app when out/ is missing or older than the sources (used before e2e tests).
import path from 'node:path';
import { ensureBuilt } from './lib/build.mjs';

ensureBuilt(path.resolve(import.meta.dirname, '..'));
