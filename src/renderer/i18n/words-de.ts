// German: the common file, and one file per part of the UI under its own key (`draftsList.*`,
// `editor.*`, ...). The renderer loads one language's module on demand (./index.ts); a new part
// goes into both languages' modules (the locales test compares their keys).
import common from './locales/de.json';
import draftsList from './locales/de.draftsList.json';
import editor from './locales/de.editor.json';
import photos from './locales/de.photos.json';
import publish from './locales/de.publish.json';
import live from './locales/de.live.json';
import storage from './locales/de.storage.json';
import accountsApart from './locales/de.accountsApart.json';
import inventory from './locales/de.inventory.json';
import lifecycle from './locales/de.lifecycle.json';
import liveEdit from './locales/de.liveEdit.json';
import shopMerge from './locales/de.shopMerge.json';
import preview from './locales/de.preview.json';
import importWizard from './locales/de.import.json';
import bulk from './locales/de.bulk.json';
import exportTemplates from './locales/de.exportTemplates.json';
import imprintForm from './locales/de.imprintForm.json';
import shop from './locales/de.shop.json';
import schedule from './locales/de.schedule.json';
import feeds from './locales/de.feeds.json';
import priceRule from './locales/de.priceRule.json';

/** Every German word of the UI. */
export const words = {
  ...common,
  draftsList,
  editor,
  photos,
  publish,
  live,
  storage,
  accountsApart,
  inventory,
  lifecycle,
  liveEdit,
  shopMerge,
  preview,
  import: importWizard,
  bulk,
  exportTemplates,
  imprintForm,
  shop,
  schedule,
  feeds,
  priceRule,
};
