// Files the seller picks (issue 26.1): what this shell offers, and an export fetched as a download.
// (A file handed from the page to main is views/import/picked-file.ts: it needs the contract's
// zod schemas, which stay out of the first screen's code.)
import { useEffect, useState } from 'react';
import type { FileCapabilities } from '../../shared/ipc/contract-files';
import { call } from './client';

let asked: Promise<FileCapabilities> | undefined;

/** What this shell offers; asked once per page (it cannot change while the page lives). */
export function fileCapabilities(): Promise<FileCapabilities> {
  asked ??= call('files:capabilities').catch((error: unknown) => {
    asked = undefined;
    throw error;
  });
  return asked;
}

/** This shell's capabilities, or null until known (and when they could not be read). */
export function useFileCapabilities(): FileCapabilities | null {
  const [capabilities, setCapabilities] = useState<FileCapabilities | null>(null);
  useEffect(() => {
    let live = true;
    fileCapabilities().then(
      (known) => live && setCapabilities(known),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return capabilities;
}

/** Has the browser save the file at `url` (served once by the web shell) as `name`. */
export function download(url: string, name: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}
