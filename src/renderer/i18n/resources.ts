// Every language's words, without i18next, so tests can read them under plain Node.
import deDraftsList from './locales/de.draftsList.json';
import deEditor from './locales/de.editor.json';
import de from './locales/de.json';
import dePhotos from './locales/de.photos.json';
import dePublish from './locales/de.publish.json';
import deLive from './locales/de.live.json';
import deStorage from './locales/de.storage.json';
import enDraftsList from './locales/en.draftsList.json';
import enEditor from './locales/en.editor.json';
import en from './locales/en.json';
import enPhotos from './locales/en.photos.json';
import enPublish from './locales/en.publish.json';
import enLive from './locales/en.live.json';
import enStorage from './locales/en.storage.json';
import deAccountsApart from './locales/de.accountsApart.json';
import enAccountsApart from './locales/en.accountsApart.json';
import deInventory from './locales/de.inventory.json';
import enInventory from './locales/en.inventory.json';
import deLifecycle from './locales/de.lifecycle.json';
import enLifecycle from './locales/en.lifecycle.json';
import deLiveEdit from './locales/de.liveEdit.json';
import enLiveEdit from './locales/en.liveEdit.json';
import dePreview from './locales/de.preview.json';
import enPreview from './locales/en.preview.json';
import deImport from './locales/de.import.json';
import enImport from './locales/en.import.json';
import deBulk from './locales/de.bulk.json';
import enBulk from './locales/en.bulk.json';
import deExportTemplates from './locales/de.exportTemplates.json';
import enExportTemplates from './locales/en.exportTemplates.json';

/**
 * Each language's words: the common file, and one file per part of the Drafts view (its list, the
 * editor, the photos), each under its own key (`draftsList.*`, `editor.*`, `photos.*`).
 */
export const resources = {
  en: {
    ...en,
    draftsList: enDraftsList,
    editor: enEditor,
    photos: enPhotos,
    publish: enPublish,
    live: enLive,
    storage: enStorage,
    accountsApart: enAccountsApart,
    inventory: enInventory,
    lifecycle: enLifecycle,
    liveEdit: enLiveEdit,
    preview: enPreview,
    import: enImport,
    bulk: enBulk,
    exportTemplates: enExportTemplates,
  },
  de: {
    ...de,
    draftsList: deDraftsList,
    editor: deEditor,
    photos: dePhotos,
    publish: dePublish,
    live: deLive,
    storage: deStorage,
    accountsApart: deAccountsApart,
    inventory: deInventory,
    lifecycle: deLifecycle,
    liveEdit: deLiveEdit,
    preview: dePreview,
    import: deImport,
    bulk: deBulk,
    exportTemplates: deExportTemplates,
  },
};
