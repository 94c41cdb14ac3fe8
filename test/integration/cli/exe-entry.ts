// The packaged app's start under Node, where Electron's binary is missing: the dispatch that
// src/main/shells/electron/main.ts runs first (command-dispatch.ts), with Node's process in
// Electron's place. process.argv is Electron's development shape here (node, this script, the
// arguments, as `electron . ARGS`); LISTING_DESK_ARGV=packaged drops the script so that argv is
// the packaged executable's (`listing-desk ARGS`). A start that would open the window says so.
import { dispatchCommand } from '../../../src/main/shells/electron/command-dispatch';

const packaged = process.env.LISTING_DESK_ARGV === 'packaged';
const argv = packaged ? [process.argv[0]!, ...process.argv.slice(2)] : process.argv;
const started = dispatchCommand(argv, !packaged, {
  beforeCommand() {},
  exit: (code) => process.exit(code),
});
if (!started) process.stdout.write('(the window opens)\n');
