// The command line parsed without side effects: the command words, each command's options, the usage errors.
export { parseCliArgs, defaultOptions, type CliArgs } from './args';
export { commands, type CommandName } from './command-words';
export type { FeedAddOptions, FeedEditOptions } from './feed-args';
export { UsageError, type UsageProblem } from './usage';
export { liveAskOf, type CliLiveAsk } from './approvals-args';
