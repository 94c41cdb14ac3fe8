// The packaged app's start under Node, where Electron's binary is missing: the dispatch that
// src/main/shells/electron/main.ts runs first (command-dispatch.ts), with Node's process in
// Electron's place. process.argv is Electron's development shape here (node, this script, the
// arguments, as `electron . ARGS`); LISTING_DESK_ARGV=packaged drops the script so that argv is
// the packaged executable's (`listing-desk ARGS`); LISTING_DESK_LOAD=missing makes the command
// line's modules missing, as in a broken installation. A start that would open the window says so.
import { dispatchCommand, type CommandLineLoader } from '../../../src/main/shells/electron/command-dispatch';

const packaged = process.env.LISTING_DESK_ARGV === 'packaged';
const argv = packaged ? [process.argv[0]!, ...process.argv.slice(2)] : process.argv;
const missing = './no-such-command-line.js';
const load =
  process.env.LISTING_DESK_LOAD === 'missing' ? ((() => import(missing)) as CommandLineLoader) : undefined;
const started = dispatchCommand(
  argv,
  !packaged,
  { beforeCommand() {}, exit: (code) => process.exit(code) },
  load,
);
if (!started) process.stdout.write('(the window opens)\n');
