// English words of the first view (frame, Drafts list, notices, problems, the entry's dialogs):
// the common file and the part files that code uses, under their own keys (`draftsList.*`, ...).
// The renderer loads this module before the first render (./index.ts); the words of the parts
// that load on demand are in ./later-words-en.ts. A new part goes into both languages' modules
// (the locale tests compare their keys and check that every file is in one of the two sets).
import common from './locales/en.json';
import draftsList from './locales/en.draftsList.json';
import publish from './locales/en.publish.json';
import storage from './locales/en.storage.json';
import accountsApart from './locales/en.accountsApart.json';
import shopMerge from './locales/en.shopMerge.json';
import importWizard from './locales/en.import.json';
import bulk from './locales/en.bulk.json';
import exportTemplates from './locales/en.exportTemplates.json';
import schedule from './locales/en.schedule.json';
import feeds from './locales/en.feeds.json';
import priceRule from './locales/en.priceRule.json';
// Main's words of the team's roles (issue 37.2): one wording of a role's refusal for both processes.
import teamRoles from '../../shared/i18n/locales/en.teamRoles.json';

/** The English words the first view needs. */
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
