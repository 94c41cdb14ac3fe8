// The app's id: electron-builder.yml's appId (test/unit/packaging checks they agree). On Windows it
// is the AppUserModelID the installer gives the Start menu shortcut; the running app must use the
// same one, or Windows shows its notifications under another name, or not at all.
export const APP_ID = 'app.listingdesk.ListingDesk';
