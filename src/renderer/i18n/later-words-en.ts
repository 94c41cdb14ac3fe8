// English words of the parts that load on demand (src/renderer/lazy/: the editor,
// Listings, Settings, ...), a chunk of their own, so that the first view does not wait for them:
// ./index.ts loads them with those parts and before switching to this language.
import listings from './locales/en.listings.json';
import accounts from './locales/en.accounts.json';
import about from './locales/en.about.json';
import imprints from './locales/en.imprints.json';
import settings from './locales/en.settings.json';
import keychainProblem from './locales/en.keychainProblem.json';
import editor from './locales/en.editor.json';
import photos from './locales/en.photos.json';
import live from './locales/en.live.json';
import inventory from './locales/en.inventory.json';
import lifecycle from './locales/en.lifecycle.json';
import liveEdit from './locales/en.liveEdit.json';
import preview from './locales/en.preview.json';
import imprintForm from './locales/en.imprintForm.json';
import shop from './locales/en.shop.json';
import picker from './locales/en.picker.json';
import categoryMapping from './locales/en.categoryMapping.json';
import categorySettings from './locales/en.categorySettings.json';
import pace from './locales/en.pace.json';
import activity from './locales/en.activity.json';
import approvals from './locales/en.approvals.json';

/** The English words only the parts loaded on demand use. */
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
