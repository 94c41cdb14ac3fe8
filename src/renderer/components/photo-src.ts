// A stored photo's address for <img src>: the data-folder path (`photos/<draftId>/<file>`) is
// served by both shells at the app's own origin (web shell: /photos/..., Electron:
// app://renderer/photos/...), so a path relative to the page works in both.

/** The URL of a photo or thumbnail stored in the data folder. */
export function photoSrc(dataPath: string): string {
  return dataPath;
}
