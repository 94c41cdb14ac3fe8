// Strict XML parsing for the packaging tests (xmldom, the parser electron-builder's plist uses):
// any warning or error, such as a tag left open, fails the parse.
import { DOMParser } from '@xmldom/xmldom';

export function parseXml(text: string): Document {
  const problems: string[] = [];
  const report = (message: string) => problems.push(message);
  const doc = new DOMParser({
    errorHandler: { warning: report, error: report, fatalError: report },
  }).parseFromString(text, 'text/xml');
  if (problems.length > 0) throw new Error(`XML is not well formed: ${problems.join('; ')}`);
  return doc as unknown as Document;
}

/** Text of each element with this tag name directly or deeper under `parent`. */
export function texts(parent: Document | Element, tag: string): string[] {
  return Array.from(parent.getElementsByTagName(tag)).map((element) => (element.textContent ?? '').trim());
}
