// Benchmark of stored photo sizes (issue 16): real photographs from Debian's desktop-background
// packages, run through the intake's encode step at the default settings. Prints the bytes per
// stored photo (median, p90) and the SSIM of each against the quality-95 mozjpeg encoding of the same
// pixels at the same size. Targets: median <= 450 KB for the 12 MP subset, every SSIM >= 0.985.
// Needs: apt-get install --no-install-recommends mate-backgrounds plasma-workspace-wallpapers
//        lomiri-wallpapers-20.04
// Run: npx tsx bench/photos/run.ts
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { REFERENCE_QUALITY, SSIM_FLOOR, jpegOptions, ssimOf } from '../../src/main/media/encode-photo';
import { INTAKE_DEFAULTS } from '../../src/main/media/intake';
import { normalizeImage } from '../../src/main/media/normalize';
import { CORPUS, PHONE_SOURCES, phoneSized } from './corpus';

const TARGET_MEDIAN_12MP = 450 * 1024;
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

interface Row {
  name: string;
  size: string;
  bytes: number;
  ssim: number;
}

/** The p-th percentile (nearest rank) of `values`. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Stores `bytes` as the intake does and measures the stored photo against quality 95. */
async function measure(name: string, bytes: Buffer): Promise<Row> {
  const result = await normalizeImage(bytes, 'image/jpeg', 'JPEG', {
    maxEdge: INTAKE_DEFAULTS.maxEdge,
    thumbEdge: INTAKE_DEFAULTS.thumbEdge,
    maxInputPixels: INTAKE_DEFAULTS.maxInputPixels,
  });
  if (!result.ok) throw new Error(`${name}: ${result.code}`);
  const edge = INTAKE_DEFAULTS.maxEdge;
  const reference = await sharp(bytes)
    .autoOrient()
    .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: { r: 255, g: 255, b: 255 } })
    .jpeg(jpegOptions(REFERENCE_QUALITY))
    .toBuffer();
  const ssim = await ssimOf(reference, result.image);
  return { name, size: `${result.width}×${result.height}`, bytes: result.image.byteLength, ssim };
}

function report(title: string, rows: Row[]): { median: number; minSsim: number } {
  console.log(`\n${title} (${rows.length} photos)`);
  for (const row of rows) {
    console.log(
      `  ${row.name.padEnd(28)} ${row.size.padStart(10)} ${kb(row.bytes).padStart(8)}  SSIM ${row.ssim.toFixed(4)}`,
    );
  }
  const bytes = rows.map((r) => r.bytes);
  const median = percentile(bytes, 50);
  const minSsim = Math.min(...rows.map((r) => r.ssim));
  console.log(`  bytes per stored photo: median ${kb(median)}, p90 ${kb(percentile(bytes, 90))}`);
  console.log(`  SSIM against quality ${REFERENCE_QUALITY}: lowest ${minSsim.toFixed(4)}`);
  return { median, minSsim };
}

async function main(): Promise<void> {
  const missing = CORPUS.filter((photo) => !existsSync(photo.file));
  if (missing.length > 0) {
    console.error(`missing ${missing.length} corpus photos, e.g. ${missing[0]?.file}`);
    console.error(
      'install: apt-get install --no-install-recommends mate-backgrounds plasma-workspace-wallpapers lomiri-wallpapers-20.04',
    );
    process.exit(2);
  }
  console.log(
    `Default maximum edge ${INTAKE_DEFAULTS.maxEdge} px; mozjpeg, progressive, 4:2:0, quality chosen per photo.`,
  );
  const all: Row[] = [];
  for (const photo of CORPUS) all.push(await measure(photo.name, await readFile(photo.file)));
  const corpus = report('Corpus as packaged', all);

  // The packages hold no photo of 4032 × 3024; the largest are 5120 × 2880 and most are 2560 px wide.
  const phone: Row[] = [];
  for (const photo of PHONE_SOURCES) {
    phone.push(await measure(photo.name, await phoneSized(photo.file)));
  }
  const twelve = report(
    'Phone-sized 12 MP subset: the packages have no 4032 × 3024 photo, so those ≥ 2560 px wide were centre-cropped to 4:3 and scaled (most of them up) to 4032 × 3024 (JPEG 92)',
    phone,
  );
  const minSsim = Math.min(corpus.minSsim, twelve.minSsim);
  const sizeOk = twelve.median <= TARGET_MEDIAN_12MP;
  const ssimOk = minSsim >= SSIM_FLOOR;
  console.log(
    `\nTarget median ≤ ${kb(TARGET_MEDIAN_12MP)} for 12 MP: ${kb(twelve.median)} ${sizeOk ? 'MET' : 'MISSED'}`,
  );
  console.log(`Target every SSIM ≥ ${SSIM_FLOOR}: lowest ${minSsim.toFixed(4)} ${ssimOk ? 'MET' : 'MISSED'}`);
  if (!sizeOk || !ssimOk) process.exitCode = 1;
}

void main();
