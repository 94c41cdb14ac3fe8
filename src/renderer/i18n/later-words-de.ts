// German words of the parts that load on demand (src/renderer/lazy/: the editor,
// Listings, Settings, ...), a chunk of their own, so that the first view does not wait for them:
// ./index.ts loads them with those parts and before switching to this language.
import listings from './locales/de.listings.json';
import accounts from './locales/de.accounts.json';
import about from './locales/de.about.json';
import imprints from './locales/de.imprints.json';
import settings from './locales/de.settings.json';
import keychainProblem from './locales/de.keychainProblem.json';
import editor from './locales/de.editor.json';
import photos from './locales/de.photos.json';
import live from './locales/de.live.json';
import inventory from './locales/de.inventory.json';
import lifecycle from './locales/de.lifecycle.json';
import liveEdit from './locales/de.liveEdit.json';
import preview from './locales/de.preview.json';
import imprintForm from './locales/de.imprintForm.json';
import shop from './locales/de.shop.json';
import picker from './locales/de.picker.json';
import categoryMapping from './locales/de.categoryMapping.json';
import categorySettings from './locales/de.categorySettings.json';
import pace from './locales/de.pace.json';
import activity from './locales/de.activity.json';
import approvals from './locales/de.approvals.json';

/** The German words only the parts loaded on demand use. */
export const laterWords = {
  listings,
  accounts,
  about,
  imprints,
  settings,
  keychainProblem,
  editor,
  photos,
  live,
  inventory,
  lifecycle,
  liveEdit,
  preview,
  imprintForm,
  shop,
  picker,
  categoryMapping,
  categorySettings,
  pace,
  activity,
  approvals,
};
