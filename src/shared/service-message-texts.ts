// The words of service-messages.ts: for each row of the spec's Errors table (keyed
// `operation.status`) and each token error code (`token.code`), a short title, what happened and
// what to do, in English and German. `todoFields` replaces `todo` when the app can name the fields
// it suspects ({{fields}} is their list).

/** The texts of one message. */
export interface ServiceMessageText {
  title: string;
  what: string;
  todo: string;
  todoFields?: string;
}

const en = {
  'createMediaTicket.400': {
    title: 'Photo upload not prepared',
    what: 'The service could not read the request for an upload link for a photo.',
    todo: 'Try again. If it keeps failing, the service may have changed: send the diagnostics to support.',
  },
  'createMediaTicket.415': {
    title: 'Photo format not accepted',
    what: 'The service accepts only JPEG and PNG photos.',
    todo: 'Save the photo in one of these formats, then publish again.',
  },
  'createListing.400': {
    title: 'Ad data refused',
    what: 'The service refused the ad’s data without naming the field.',
    todo: 'Check title, category, attributes, ad type and price type in the draft, then publish again.',
    todoFields: 'Check these fields in the draft first: {{fields}}. Then publish again.',
  },
  'getListing.404': {
    title: 'Listing not found',
    what: 'The listing no longer exists on the service; it may have been deleted there.',
    todo: 'Reload the listings. To put the ad online again, publish its draft again.',
  },
  'updateListing.404': {
    title: 'Listing not found',
    what: 'The listing to change no longer exists on the service; it may have been deleted there.',
    todo: 'Reload the listings. To put the ad online again, publish its draft again.',
  },
  'attachMedia.404': {
    title: 'Upload link expired',
    what: 'The photo’s upload link had expired or was used already, so the photo was not added.',
    todo: 'Try again: a new upload link is fetched.',
  },
  'attachMedia.413': {
    title: 'Photo too large',
    what: 'The photo is larger than the service accepts.',
    todo: 'Use a smaller photo (fewer pixels or a smaller file), then try again.',
  },
  'orderMedia.400': {
    title: 'Photo order refused',
    what: 'The service did not accept the new order of the photos.',
    todo: 'Reload the listing, arrange its photos again and save.',
  },
  'deleteMedia.404': {
    title: 'Photo not removed',
    what: 'The photo to remove was not found on the listing; it may be gone already.',
    todo: 'Reload the listing to see the photos it has now.',
  },
  'createPublication.400': {
    title: 'Location incomplete',
    what: 'The service refused to publish the ad because data is missing, without naming the field.',
    todo: 'Check street, postal code, city and district in the draft’s location, then publish again.',
    todoFields: 'Check these fields in the draft’s location: {{fields}}. Then publish again.',
  },
  'updatePublication.400': {
    title: 'Publication does not match',
    what: 'The service says this publication does not belong to the listing.',
    todo: 'Reload the listing and try the change again.',
  },
  'getPublication.404': {
    title: 'Publication not found',
    what: 'The service does not know this publication (any longer); it may have been withdrawn.',
    todo: 'Look on the marketplace whether the ad is online; if it is not, publish the draft again.',
  },
  'createImprint.400': {
    title: 'Imprint refused',
    what: 'The service refused the imprint text.',
    todo: 'Check the imprint in Settings (it must not be empty) and save it again.',
  },
  'token.invalid_request': {
    title: 'Sign-in request refused',
    what: 'The token service could not read the app’s sign-in request.',
    todo: 'Check its address in the account settings (it usually ends in /v2).',
  },
  'token.invalid_client': {
    title: 'Client ID or secret wrong',
    what: 'The token service did not accept this client ID and secret.',
    todo: 'Check both in the account settings; copy the secret again from the service provider’s mail or portal.',
  },
  'token.invalid_grant': {
    title: 'Access not granted',
    what: 'The token service refused this client access to the listings.',
    todo: 'Ask the service provider to enable the consumer-goods listings for this client.',
  },
  'token.unauthorized_client': {
    title: 'Client not allowed',
    what: 'This client may not sign in with its ID and secret alone (client credentials).',
    todo: 'Ask the service provider to allow this kind of sign-in for the client.',
  },
  'token.unsupported_grant_type': {
    title: 'Sign-in not offered',
    what: 'The token service does not offer sign-in with a client ID and secret.',
    todo: 'Check that address in the account settings; it may belong to another service.',
  },
} satisfies Record<string, ServiceMessageText>;

/** A key of a service message. */
export type ServiceMessageKey = keyof typeof en;

const de: Record<ServiceMessageKey, ServiceMessageText> = {
  'createMediaTicket.400': {
    title: 'Foto-Upload nicht vorbereitet',
    what: 'Der Dienst konnte die Anfrage nach einem Upload-Link für ein Foto nicht lesen.',
    todo: 'Versuchen Sie es erneut. Scheitert es wieder, hat sich der Dienst vielleicht geändert: Senden Sie die Diagnosedaten an den Support.',
  },
  'createMediaTicket.415': {
    title: 'Fotoformat nicht angenommen',
    what: 'Der Dienst nimmt nur Fotos im Format JPEG oder PNG an.',
    todo: 'Speichern Sie das Foto in einem dieser Formate und veröffentlichen Sie dann erneut.',
  },
  'createListing.400': {
    title: 'Anzeigendaten abgelehnt',
    what: 'Der Dienst hat die Daten der Anzeige abgelehnt, ohne das Feld zu nennen.',
    todo: 'Prüfen Sie Titel, Kategorie, Merkmale, Anzeigentyp und Preisart im Entwurf und veröffentlichen Sie erneut.',
    todoFields: 'Prüfen Sie zuerst diese Felder im Entwurf: {{fields}}. Veröffentlichen Sie dann erneut.',
  },
  'getListing.404': {
    title: 'Anzeige nicht gefunden',
    what: 'Die Anzeige gibt es beim Dienst nicht mehr; sie wurde dort vielleicht gelöscht.',
    todo: 'Laden Sie die Anzeigen neu. Um die Anzeige wieder online zu bringen, veröffentlichen Sie ihren Entwurf erneut.',
  },
  'updateListing.404': {
    title: 'Anzeige nicht gefunden',
    what: 'Die zu ändernde Anzeige gibt es beim Dienst nicht mehr; sie wurde dort vielleicht gelöscht.',
    todo: 'Laden Sie die Anzeigen neu. Um die Anzeige wieder online zu bringen, veröffentlichen Sie ihren Entwurf erneut.',
  },
  'attachMedia.404': {
    title: 'Upload-Link abgelaufen',
    what: 'Der Upload-Link des Fotos war abgelaufen oder schon benutzt; das Foto wurde nicht hinzugefügt.',
    todo: 'Versuchen Sie es erneut: Ein neuer Upload-Link wird geholt.',
  },
  'attachMedia.413': {
    title: 'Foto zu groß',
    what: 'Das Foto ist größer, als der Dienst annimmt.',
    todo: 'Verwenden Sie ein kleineres Foto (weniger Pixel oder eine kleinere Datei) und versuchen Sie es erneut.',
  },
  'orderMedia.400': {
    title: 'Fotoreihenfolge abgelehnt',
    what: 'Der Dienst hat die neue Reihenfolge der Fotos nicht angenommen.',
    todo: 'Laden Sie die Anzeige neu, ordnen Sie die Fotos noch einmal und speichern Sie.',
  },
  'deleteMedia.404': {
    title: 'Foto nicht entfernt',
    what: 'Das zu entfernende Foto wurde bei der Anzeige nicht gefunden; vielleicht ist es schon weg.',
    todo: 'Laden Sie die Anzeige neu, um ihre jetzigen Fotos zu sehen.',
  },
  'createPublication.400': {
    title: 'Standort unvollständig',
    what: 'Der Dienst hat die Veröffentlichung abgelehnt, weil Angaben fehlen, ohne das Feld zu nennen.',
    todo: 'Prüfen Sie Straße, Postleitzahl, Ort und Ortsteil im Standort des Entwurfs und veröffentlichen Sie erneut.',
    todoFields:
      'Prüfen Sie diese Felder im Standort des Entwurfs: {{fields}}. Veröffentlichen Sie dann erneut.',
  },
  'updatePublication.400': {
    title: 'Veröffentlichung passt nicht',
    what: 'Laut Dienst gehört diese Veröffentlichung nicht zu der Anzeige.',
    todo: 'Laden Sie die Anzeige neu und versuchen Sie die Änderung erneut.',
  },
  'getPublication.404': {
    title: 'Veröffentlichung nicht gefunden',
    what: 'Der Dienst kennt diese Veröffentlichung nicht (mehr); sie wurde vielleicht zurückgezogen.',
    todo: 'Sehen Sie auf dem Marktplatz nach, ob die Anzeige online ist; wenn nicht, veröffentlichen Sie den Entwurf erneut.',
  },
  'createImprint.400': {
    title: 'Impressum abgelehnt',
    what: 'Der Dienst hat den Text des Impressums abgelehnt.',
    todo: 'Prüfen Sie das Impressum in den Einstellungen (es darf nicht leer sein) und speichern Sie es erneut.',
  },
  'token.invalid_request': {
    title: 'Anmeldeanfrage abgelehnt',
    what: 'Der Token-Dienst konnte die Anmeldeanfrage der App nicht lesen.',
    todo: 'Prüfen Sie seine Adresse in den Kontoeinstellungen (sie endet meist auf /v2).',
  },
  'token.invalid_client': {
    title: 'Client-ID oder Secret falsch',
    what: 'Der Token-Dienst hat diese Client-ID und dieses Secret nicht angenommen.',
    todo: 'Prüfen Sie beides in den Kontoeinstellungen; kopieren Sie das Secret noch einmal aus der Mail oder dem Portal des Anbieters.',
  },
  'token.invalid_grant': {
    title: 'Zugriff nicht gewährt',
    what: 'Der Token-Dienst verweigert diesem Client den Zugriff auf die Anzeigen.',
    todo: 'Bitten Sie den Anbieter, die Anzeigen für Gebrauchtwaren für diesen Client freizuschalten.',
  },
  'token.unauthorized_client': {
    title: 'Client nicht zugelassen',
    what: 'Dieser Client darf sich nicht allein mit ID und Secret anmelden (Client Credentials).',
    todo: 'Bitten Sie den Anbieter, diese Art der Anmeldung für den Client zu erlauben.',
  },
  'token.unsupported_grant_type': {
    title: 'Anmeldung nicht angeboten',
    what: 'Der Token-Dienst bietet keine Anmeldung mit Client-ID und Secret an.',
    todo: 'Prüfen Sie diese Adresse in den Kontoeinstellungen; sie gehört vielleicht zu einem anderen Dienst.',
  },
};

/** Every message's texts, by language. */
export const SERVICE_MESSAGE_TEXTS: Record<'en' | 'de', Record<ServiceMessageKey, ServiceMessageText>> = {
  en,
  de,
};
