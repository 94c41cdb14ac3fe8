// Image formats the app recognises but cannot take, grouped by the advice a seller needs: what a
// camera RAW file needs (developing) differs from a Photoshop document (exporting) or a drawing.
// Shared so main's English message and the renderer's translation give the same advice.

/** The advice group of an unsupported image format. */
export type UnsupportedKind = 'raw' | 'photoshop' | 'gimp' | 'vector' | 'other';

// file-type's extensions (upper-cased by sniff.ts) of camera RAW formats.
const RAW = new Set(
  '3FR ARW CR2 CR3 CRW DCR DNG ERF IIQ KDC MOS MRW NEF NRW ORF PEF RAF RW2 RWL SR2 SRF SRW X3F'.split(' '),
);

/** Which advice fits the format `label` (e.g. "CR2", "PSD", "SVG"). */
export function unsupportedKind(label: string | undefined): UnsupportedKind {
  const format = (label ?? '').toUpperCase();
  if (RAW.has(format)) return 'raw';
  if (format === 'PSD' || format === 'PSB') return 'photoshop';
  if (format === 'XCF') return 'gimp';
  if (format === 'SVG') return 'vector';
  return 'other';
}
