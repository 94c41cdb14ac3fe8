// German words of the first view (frame, Drafts list, notices, problems, the entry's dialogs):
// the common file and the part files that code uses, under their own keys (`draftsList.*`, ...).
// The renderer loads this module before the first render (./index.ts); the words of the parts
// that load on demand are in ./later-words-de.ts. A new part goes into both languages' modules
// (the locale tests compare their keys and check that every file is in one of the two sets).
import common from './locales/de.json';
import draftsList from './locales/de.draftsList.json';
import publish from './locales/de.publish.json';
import storage from './locales/de.storage.json';
import accountsApart from './locales/de.accountsApart.json';
import shopMerge from './locales/de.shopMerge.json';
import importWizard from './locales/de.import.json';
import bulk from './locales/de.bulk.json';
import exportTemplates from './locales/de.exportTemplates.json';
import schedule from './locales/de.schedule.json';
import feeds from './locales/de.feeds.json';
import priceRule from './locales/de.priceRule.json';
// Main's words of the team's roles (issue 37.2): one wording of a role's refusal for both processes.
import teamRoles from '../../shared/i18n/locales/de.teamRoles.json';

/** The German words the first view needs. */
export const words = {
  ...common,
  draftsList,
  publish,
  storage,
  accountsApart,
  shopMerge,
  import: importWizard,
  bulk,
  exportTemplates,
  schedule,
  feeds,
  priceRule,
  teamRoles,
};
