// `npm run start:web -- [--port N] [--data-dir DIR] [--no-open]`: builds what is missing, then
// runs the web shell, which prints `Listing Desk is running at http://127.0.0.1:PORT/?token=...`.
import path from 'node:path';
import { ensureBuilt } from './lib/build.mjs';
import { NODE_HEAP_FLAGS } from './lib/heap-flags.mjs';
import { runForeground } from './lib/run.mjs';

const root = path.resolve(import.meta.dirname, '..');
ensureBuilt(root);
runForeground(
  process.execPath,
  [...NODE_HEAP_FLAGS, path.join(root, 'out', 'main', 'web.js'), ...process.argv.slice(2)],
  {
    cwd: root,
  },
);
