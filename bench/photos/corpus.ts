// Pictures from Debian's desktop-background packages: mate-backgrounds, plasma-workspace-wallpapers
// and lomiri-wallpapers-20.04. Width is the file's. All are photographs except 'plasma Shell' and
// 'plasma Volna', which are renders (found when looking at each, session of 2026-12-07; kept so that
// the figures stay comparable with earlier runs). Most are 2560 px wide: scaled up to a phone's
// 12 MP they lack a camera's fine detail and noise, so they come out smaller than a phone's JPEG.
import sharp from 'sharp';

/** The photos of the benchmark and of the size tests, where the packages are installed. */
export const CORPUS: readonly { name: string; file: string; width: number }[] = [
  { name: 'mate Aqua', file: '/usr/share/backgrounds/mate/nature/Aqua.jpg', width: 2560 },
  { name: 'mate Blinds', file: '/usr/share/backgrounds/mate/nature/Blinds.jpg', width: 1920 },
  { name: 'mate Dune', file: '/usr/share/backgrounds/mate/nature/Dune.jpg', width: 1680 },
  { name: 'mate FreshFlower', file: '/usr/share/backgrounds/mate/nature/FreshFlower.jpg', width: 1600 },
  { name: 'mate Garden', file: '/usr/share/backgrounds/mate/nature/Garden.jpg', width: 2560 },
  { name: 'mate GreenMeadow', file: '/usr/share/backgrounds/mate/nature/GreenMeadow.jpg', width: 1280 },
  { name: 'mate LadyBird', file: '/usr/share/backgrounds/mate/nature/LadyBird.jpg', width: 2560 },
  { name: 'mate RainDrops', file: '/usr/share/backgrounds/mate/nature/RainDrops.jpg', width: 1920 },
  { name: 'mate Storm', file: '/usr/share/backgrounds/mate/nature/Storm.jpg', width: 1920 },
  { name: 'mate TwoWings', file: '/usr/share/backgrounds/mate/nature/TwoWings.jpg', width: 2560 },
  { name: 'mate Wood', file: '/usr/share/backgrounds/mate/nature/Wood.jpg', width: 2560 },
  { name: 'mate YellowFlower', file: '/usr/share/backgrounds/mate/nature/YellowFlower.jpg', width: 2560 },
  {
    name: 'plasma BytheWater',
    file: '/usr/share/wallpapers/BytheWater/contents/images/2560x1600.jpg',
    width: 2560,
  },
  {
    name: 'plasma ColdRipple',
    file: '/usr/share/wallpapers/ColdRipple/contents/images/2560x1600.jpg',
    width: 2560,
  },
  {
    name: 'plasma ColorfulCups',
    file: '/usr/share/wallpapers/ColorfulCups/contents/images/2560x1600.jpg',
    width: 2560,
  },
  {
    name: 'plasma DarkestHour',
    file: '/usr/share/wallpapers/DarkestHour/contents/images/2560x1600.jpg',
    width: 2560,
  },
  {
    name: 'plasma EveningGlow',
    file: '/usr/share/wallpapers/EveningGlow/contents/images/2560x1600.jpg',
    width: 2560,
  },
  {
    name: 'plasma FallenLeaf',
    file: '/usr/share/wallpapers/FallenLeaf/contents/images/2560x1600.jpg',
    width: 2560,
  },
  { name: 'plasma Grey', file: '/usr/share/wallpapers/Grey/contents/images/2560x1600.jpg', width: 2560 },
  { name: 'plasma Kite', file: '/usr/share/wallpapers/Kite/contents/images/2560x1600.jpg', width: 2560 },
  {
    name: 'plasma OneStandsOut',
    file: '/usr/share/wallpapers/OneStandsOut/contents/images/2560x1600.jpg',
    width: 2560,
  },
  { name: 'plasma Path', file: '/usr/share/wallpapers/Path/contents/images/2560x1600.jpg', width: 2560 },
  {
    name: 'plasma summer_1am',
    file: '/usr/share/wallpapers/summer_1am/contents/images/2560x1600.jpg',
    width: 2560,
  },
  { name: 'plasma Shell', file: '/usr/share/wallpapers/Shell/contents/images/5120x2880.jpg', width: 5120 },
  { name: 'plasma Volna', file: '/usr/share/wallpapers/Volna/contents/images/5120x2880.jpg', width: 5120 },
  { name: 'lomiri Kleiber', file: '/usr/share/backgrounds/Kleiber_by_Lukas_Baubkus.jpg', width: 6028 },
];

/** A phone's photo: 12 MP, 4 : 3. */
export const PHONE = { width: 4032, height: 3024 } as const;

/** The corpus photos large enough to stand for a phone's 12 MP photo (the phone-sized subset). */
export const PHONE_SOURCES = CORPUS.filter((photo) => photo.width >= 2560);

/**
 * A phone-sized copy of a real photo: centre crop to 4 : 3, scaled to 4032 × 3024 (the packages
 * hold no photo of that size; most are 2560 px wide, so most are scaled up), as a JPEG of `quality`;
 * `sideways` stores it as a phone held upright does (landscape pixels, EXIF orientation 6).
 */
export async function phoneSized(file: string, quality = 92, sideways = false): Promise<Buffer> {
  let image = sharp(file).resize({ ...PHONE, fit: 'cover', position: 'centre' });
  if (sideways) image = image.withMetadata({ orientation: 6 });
  return image.jpeg({ quality }).toBuffer();
}
