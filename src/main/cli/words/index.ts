// Everything the command line says, in the run's language, and how it lays out what it prints.
export { changesText, notReadyText } from './import-words';
export { localTime, table } from './layout';
export {
  EXIT,
  cliInvocation,
  cliWords,
  importProblemsText,
  jobErrorText,
  jobStateText,
  nameInvocation,
} from './words';
