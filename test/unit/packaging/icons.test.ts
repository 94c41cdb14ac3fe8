// scripts/icons.mjs: every icon the installers need comes from resources/icon.svg, and the icons
// kept in git (the window icon, the renderer's copy) are that SVG's.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from './builder-config';

const SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
const out = mkdtempSync(path.join(tmpdir(), 'listing-desk-icons-'));
let printed = '';

beforeAll(() => {
  printed = execFileSync(process.execPath, [path.join(root, 'scripts', 'icons.mjs'), '--out', out], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
}, 90_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

async function pixels(file: string) {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, info };
}

describe('scripts/icons.mjs', () => {
  it('renders the 1024 px icon electron-builder turns into .ico and .icns', async () => {
    expect(printed).toMatch(/10 files from resources\/icon\.svg/);
    const meta = await sharp(path.join(out, 'icon.png')).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1024, height: 1024, hasAlpha: true });
  });

  it('renders the Linux icon set, one square PNG per size from 16 to 1024 px', async () => {
    for (const size of SIZES) {
      const meta = await sharp(path.join(out, 'icons', `${size}x${size}.png`)).metadata();
      expect(meta, `${size}x${size}`).toMatchObject({ format: 'png', width: size, height: size });
    }
  });

  it('draws something that still reads at 16 px: the blue tile, the white card, the orange tag', async () => {
    const { data } = await pixels(path.join(out, 'icons', '16x16.png'));
    let blue = 0;
    let white = 0;
    let orange = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
      if (a < 200) continue;
      if (b > 180 && r < 90) blue += 1;
      else if (r > 230 && g > 230 && b > 230) white += 1;
      else if (r > 200 && g > 120 && b < 110) orange += 1;
    }
    expect(blue).toBeGreaterThan(40);
    expect(white).toBeGreaterThan(8);
    expect(orange).toBeGreaterThan(3);
  });

  it('keeps the window icon (resources/icon.png) as the SVG rendered at 512 px', async () => {
    const fresh = await pixels(path.join(out, 'icons', '512x512.png'));
    const kept = await pixels(path.join(root, 'resources', 'icon.png'));
    expect(kept.info).toMatchObject({ width: 512, height: 512 });
    let largest = 0;
    for (let i = 0; i < fresh.data.length; i += 1) {
      largest = Math.max(largest, Math.abs(fresh.data[i]! - kept.data[i]!));
    }
    // The same drawing; a little room for another version of libvips resampling it.
    expect(largest).toBeLessThanOrEqual(8);
  });

  it("keeps the renderer's icon (favicon, sidebar) a copy of the one source", () => {
    expect(readFileSync(path.join(root, 'src', 'renderer', 'public', 'icon.svg'), 'utf8')).toBe(
      readFileSync(path.join(root, 'resources', 'icon.svg'), 'utf8'),
    );
  });
});
