// The command line's --help, in English and German (words.ts gives it in the seller's language).

/** `--help` in English. */
export const helpEn = `Listing Desk on the command line: the same drafts, jobs and accounts as the app.

Usage: npm run -s cli -- <command> [arguments] [options]

Commands:
  import FILE|FOLDER      Import a CSV or XLSX table or kleinanzeigen-bot ad files into drafts
                          (never published by itself). --account NAME, --photos DIR,
                          --template NAME: start each draft from this template of the account
  export FILE             Export the account's drafts to FILE (.csv or .xlsx); --listings: its
                          live listings with their states instead; --replace: overwrite FILE
  publish --ready         Publish every draft of the account that is ready
  publish ID...           Publish these drafts (their ids)
                          Progress goes to stderr, a JSON summary to stdout; waits until each ad
                          is live, rejected or needs you (at most --wait MINUTES, default 30,
                          0 = no limit). Jobs still under way continue at the next start.
  status [--json]         The publish jobs and their states
  listings [--json]       The account's live listings, read from the service

import, export and publish print a JSON summary on stdout and their progress on stderr.

Options:
  --data-dir DIR          The data folder (default: the app's own)
  --account NAME          The account (name or id; default: the one selected in the app)
  --verbose               Also write the log to stderr
  -h, --help              This help

Exit codes:
  0  everything done
  1  some items failed (a draft not published, an ad rejected, a row not imported)
  2  usage error (unknown command or option, a data folder or file not there, export file exists)
  3  the data folder is in use by Listing Desk or another command; close it first
  4  the listing service cannot be reached, or the account cannot sign in (listings and
     export --listings: the last known list is shown or written)
  5  unexpected error (details in the log in the data folder)
  130 stopped (Ctrl+C)
`;

/** `--help` in German. */
export const helpDe = `Listing Desk auf der Befehlszeile: dieselben Entwürfe, Aufträge und Konten wie in der App.

Aufruf: npm run -s cli -- <Befehl> [Argumente] [Optionen]

Befehle:
  import DATEI|ORDNER     Eine CSV- oder XLSX-Tabelle oder kleinanzeigen-bot-Anzeigendateien als
                          Entwürfe übernehmen (nie von selbst veröffentlicht). --account NAME, --photos ORDNER,
                          --template NAME: jeden Entwurf mit dieser Vorlage des Kontos beginnen
  export DATEI            Die Entwürfe des Kontos in DATEI schreiben (.csv oder .xlsx); --listings:
                          stattdessen seine Live-Anzeigen mit ihrem Stand; --replace: DATEI ersetzen
  publish --ready         Alle fertigen Entwürfe des Kontos veröffentlichen
  publish ID...           Diese Entwürfe veröffentlichen (ihre IDs)
                          Fortschritt auf stderr, eine JSON-Zusammenfassung auf stdout; wartet, bis
                          jede Anzeige online ist, abgelehnt wurde oder Sie braucht (höchstens
                          --wait MINUTEN, Standard 30, 0 = ohne Grenze). Laufende Aufträge gehen
                          beim nächsten Start weiter.
  status [--json]         Die Veröffentlichungsaufträge und ihr Stand
  listings [--json]       Die Live-Anzeigen des Kontos, vom Dienst gelesen

import, export und publish geben eine JSON-Zusammenfassung auf stdout aus, den Fortschritt auf stderr.

Optionen:
  --data-dir ORDNER       Der Datenordner (Standard: der der App)
  --account NAME          Das Konto (Name oder ID; Standard: das in der App gewählte)
  --verbose               Das Protokoll auch auf stderr schreiben
  -h, --help              Diese Hilfe

Exit-Codes:
  0  alles erledigt
  1  manches ging nicht (ein Entwurf nicht veröffentlicht, eine Anzeige abgelehnt, eine Zeile nicht übernommen)
  2  falscher Aufruf (unbekannter Befehl oder Option, Datenordner oder Datei fehlt, Exportdatei gibt es schon)
  3  der Datenordner wird von Listing Desk oder einem anderen Befehl verwendet; schließen Sie es zuerst
  4  der Anzeigendienst ist nicht erreichbar, oder das Konto kann sich nicht anmelden (listings
     und export --listings: der zuletzt bekannte Stand wird gezeigt oder geschrieben)
  5  unerwarteter Fehler (Einzelheiten im Protokoll im Datenordner)
  130 abgebrochen (Strg+C)
`;
