// English words of the parts that load on demand (src/renderer/lazy/parts.ts: the editor,
// Listings, Settings, ...), a chunk of their own, so that the first view does not wait for them:
// ./index.ts loads them with those parts and before switching to this language.
import editor from './locales/en.editor.json';
import photos from './locales/en.photos.json';
import live from './locales/en.live.json';
import inventory from './locales/en.inventory.json';
import lifecycle from './locales/en.lifecycle.json';
import liveEdit from './locales/en.liveEdit.json';
import preview from './locales/en.preview.json';
import imprintForm from './locales/en.imprintForm.json';
import shop from './locales/en.shop.json';

/** The English words only the parts loaded on demand use. */
export const laterWords = {
  editor,
  photos,
  live,
  inventory,
  lifecycle,
  liveEdit,
  preview,
  imprintForm,
  shop,
};
