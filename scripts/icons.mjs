// Renders every icon of the app from its one source, resources/icon.svg, with sharp:
//   build/icon.png           1024 px: electron-builder turns it into the Windows .ico and macOS .icns
//   build/icons/NxN.png      the Linux icon set (hicolor sizes 16 to 1024)
//   resources/icon.png       512 px: the window icon (src/main/shells/electron/main.ts)
//   src/renderer/public/icon.svg   a copy of the source: the page's favicon and the sidebar's logo
// `node scripts/icons.mjs` writes all of them; `--out DIR` writes only the build set, into DIR.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
export const SOURCE = path.join(root, 'resources', 'icon.svg');
export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
export const WINDOW_ICON_SIZE = 512;

/** The SVG drawn at 1024 px (its own size at 72 dpi); the smaller sizes are scaled from it. */
function renderMaster(source) {
  return sharp(readFileSync(source), { density: 72 }).resize(1024, 1024).png().toBuffer();
}

async function renderPng(master, size, file) {
  const image = size === 1024 ? sharp(master) : sharp(master).resize(size, size, { kernel: 'lanczos3' });
  await image.png({ compressionLevel: 9 }).toFile(file);
  return file;
}

/** Writes icon.png and icons/NxN.png into outDir; returns the files written. */
export async function renderBuildIcons(outDir, source = SOURCE) {
  const master = await renderMaster(source);
  mkdirSync(path.join(outDir, 'icons'), { recursive: true });
  const written = [await renderPng(master, 1024, path.join(outDir, 'icon.png'))];
  for (const size of LINUX_SIZES) {
    written.push(await renderPng(master, size, path.join(outDir, 'icons', `${size}x${size}.png`)));
  }
  return written;
}

/** Regenerates the icons kept in git (window icon, renderer copy) from the source. */
export async function renderAppIcons(source = SOURCE) {
  const master = await renderMaster(source);
  const windowIcon = await renderPng(master, WINDOW_ICON_SIZE, path.join(root, 'resources', 'icon.png'));
  const rendererIcon = path.join(root, 'src', 'renderer', 'public', 'icon.svg');
  copyFileSync(source, rendererIcon);
  return [windowIcon, rendererIcon];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--out');
  const outDir = at > 0 ? path.resolve(process.argv[at + 1] ?? '') : path.join(root, 'build');
  if (at > 0 && !process.argv[at + 1]) {
    process.stderr.write('icons: --out needs a folder\n');
    process.exit(2);
  }
  try {
    const written = [...(await renderBuildIcons(outDir)), ...(at > 0 ? [] : await renderAppIcons())];
    process.stdout.write(`icons: ${written.length} files from resources/icon.svg into ${outDir}\n`);
  } catch (error) {
    process.stderr.write(`icons: could not render resources/icon.svg: ${error.message}\n`);
    process.exit(1);
  }
}
