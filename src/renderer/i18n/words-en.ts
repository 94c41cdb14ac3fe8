// English: the common file, and one file per part of the UI under its own key (`draftsList.*`,
// `editor.*`, ...). The renderer loads one language's module on demand (./index.ts); a new part
// goes into both languages' modules (the locales test compares their keys).
import common from './locales/en.json';
import draftsList from './locales/en.draftsList.json';
import editor from './locales/en.editor.json';
import photos from './locales/en.photos.json';
import publish from './locales/en.publish.json';
import live from './locales/en.live.json';
import storage from './locales/en.storage.json';
import accountsApart from './locales/en.accountsApart.json';
import inventory from './locales/en.inventory.json';
import lifecycle from './locales/en.lifecycle.json';
import liveEdit from './locales/en.liveEdit.json';
import shopMerge from './locales/en.shopMerge.json';
import preview from './locales/en.preview.json';
import importWizard from './locales/en.import.json';
import bulk from './locales/en.bulk.json';
import exportTemplates from './locales/en.exportTemplates.json';
import imprintForm from './locales/en.imprintForm.json';
import shop from './locales/en.shop.json';
import schedule from './locales/en.schedule.json';
import feeds from './locales/en.feeds.json';
import priceRule from './locales/en.priceRule.json';

/** Every English word of the UI. */
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
