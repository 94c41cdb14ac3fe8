// Main's words in every language, one locale file per namespace. The files sit in
// src/shared/i18n/locales: main reads them here, and the tables both processes use can move there
// later without the renderer importing from main.
import deCli from '../../shared/i18n/locales/de.cli.json';
import deDataLock from '../../shared/i18n/locales/de.dataLock.json';
import deSecrets from '../../shared/i18n/locales/de.secrets.json';
import deNotice from '../../shared/i18n/locales/de.notice.json';
import deCatalog from '../../shared/i18n/locales/de.catalog.json';
import enCatalog from '../../shared/i18n/locales/en.catalog.json';
import deKnownGood from '../../shared/i18n/locales/de.knownGood.json';
import enKnownGood from '../../shared/i18n/locales/en.knownGood.json';
import deExport from '../../shared/i18n/locales/de.export.json';
import deIpc from '../../shared/i18n/locales/de.ipc.json';
import deMedia from '../../shared/i18n/locales/de.media.json';
import deMenu from '../../shared/i18n/locales/de.menu.json';
import deErrors from '../../shared/i18n/locales/de.errors.json';
import dePublishJob from '../../shared/i18n/locales/de.publishJob.json';
import deServiceClient from '../../shared/i18n/locales/de.serviceClient.json';
import enCli from '../../shared/i18n/locales/en.cli.json';
import enDataLock from '../../shared/i18n/locales/en.dataLock.json';
import enSecrets from '../../shared/i18n/locales/en.secrets.json';
import enNotice from '../../shared/i18n/locales/en.notice.json';
import enExport from '../../shared/i18n/locales/en.export.json';
import enIpc from '../../shared/i18n/locales/en.ipc.json';
import enMedia from '../../shared/i18n/locales/en.media.json';
import enMenu from '../../shared/i18n/locales/en.menu.json';
import enErrors from '../../shared/i18n/locales/en.errors.json';
import enPublishJob from '../../shared/i18n/locales/en.publishJob.json';
import enServiceClient from '../../shared/i18n/locales/en.serviceClient.json';
import deShop from '../../shared/i18n/locales/de.shop.json';
import enShop from '../../shared/i18n/locales/en.shop.json';
import deSchedule from '../../shared/i18n/locales/de.schedule.json';
import enSchedule from '../../shared/i18n/locales/en.schedule.json';
import deActivity from '../../shared/i18n/locales/de.activity.json';
import enActivity from '../../shared/i18n/locales/en.activity.json';
import deTeamRoles from '../../shared/i18n/locales/de.teamRoles.json';
import enTeamRoles from '../../shared/i18n/locales/en.teamRoles.json';

/** Each language's namespaces, as i18next takes them. */
export const mainResources = {
  en: {
    menu: enMenu,
    cli: enCli,
    dataLock: enDataLock,
    secrets: enSecrets,
    notice: enNotice,
    export: enExport,
    ipc: enIpc,
    media: enMedia,
    errors: enErrors,
    serviceClient: enServiceClient,
    publishJob: enPublishJob,
    shop: enShop,
    schedule: enSchedule,
    catalog: enCatalog,
    knownGood: enKnownGood,
    teamRoles: enTeamRoles,
    activity: enActivity,
  },
  de: {
    menu: deMenu,
    cli: deCli,
    dataLock: deDataLock,
    secrets: deSecrets,
    notice: deNotice,
    export: deExport,
    ipc: deIpc,
    media: deMedia,
    errors: deErrors,
    serviceClient: deServiceClient,
    publishJob: dePublishJob,
    shop: deShop,
    schedule: deSchedule,
    catalog: deCatalog,
    knownGood: deKnownGood,
    teamRoles: deTeamRoles,
    activity: deActivity,
  },
};

export type MainNamespace = keyof (typeof mainResources)['en'];
