// German words of the parts that load on demand (src/renderer/lazy/parts.ts: the editor,
// Listings, Settings, ...), a chunk of their own, so that the first view does not wait for them:
// ./index.ts loads them with those parts and before switching to this language.
import editor from './locales/de.editor.json';
import photos from './locales/de.photos.json';
import live from './locales/de.live.json';
import inventory from './locales/de.inventory.json';
import lifecycle from './locales/de.lifecycle.json';
import liveEdit from './locales/de.liveEdit.json';
import preview from './locales/de.preview.json';
import imprintForm from './locales/de.imprintForm.json';
import shop from './locales/de.shop.json';

/** The German words only the parts loaded on demand use. */
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
