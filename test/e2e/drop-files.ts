// A drop of files from the file system, as Chromium delivers it: real File objects in a
// DataTransfer, with dragenter, dragover and drop fired on the target.
import type { JSHandle, Locator, Page } from '@playwright/test';
import type { DropFile } from '../fixtures/photo-drops';

/** A DataTransfer in the page holding `files`, as the browser builds it for a drop from outside. */
export function dataTransferOf(page: Page, files: DropFile[]): Promise<JSHandle<DataTransfer>> {
  return page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const file of list) {
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
      const parts: BlobPart[] = [bytes];
      if (file.zeros) parts.push(new Uint8Array(file.zeros));
      data.items.add(new File(parts, file.name, { type: file.type }));
    }
    return data;
  }, files);
}

/** Drags `files` over `target` and drops them there, with the events a real drop fires. */
export async function dropFiles(page: Page, target: Locator, files: DropFile[]): Promise<void> {
  const dataTransfer = await dataTransferOf(page, files);
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
  await dataTransfer.dispose();
}
