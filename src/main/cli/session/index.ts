// One run over the app's back end: the session, how a command ends early, the data folder, a typed secret.
export { prepareDataFolder, removeMadeFolder, type DataFolderOutcome } from './data-folder';
export { readSecret } from './read-secret';
export { CallFailed, ExitWith, openSession, type Output, type Session } from './session';
