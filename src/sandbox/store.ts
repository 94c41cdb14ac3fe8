// In-memory state with per-client indexes. Every lookup takes the client id, so another client's
// record is simply not found (404 to that client).
import type {
  ImprintRecord,
  ListingRecord,
  MediaRecord,
  PersistedState,
  PublicationRecord,
  TicketRecord,
} from './model';

/** Counts per client, as reported by `stats()`. */
export interface ClientCounts {
  /** Listings the client owns. */
  listings: number;
  /** Media currently attached across the client's listings. */
  media: number;
  /** Publications the client created. */
  publications: number;
  /** Imprints the client created. */
  imprints: number;
  /** Upload tickets issued to the client (ever, including expired ones). */
  tickets: number;
}

/** The sandbox's records; `onChange` is called after every mutation (persistence hooks in there). */
export class Store {
  readonly listings = new Map<string, ListingRecord>();
  readonly media = new Map<string, MediaRecord>();
  readonly tickets = new Map<string, TicketRecord>();
  readonly imprints = new Map<string, ImprintRecord>();
  readonly publications = new Map<string, PublicationRecord>();
  private readonly byClient = new Map<string, Map<string, ListingRecord>>();
  ticketsIssued: Record<string, number> = {};
  nextAdId = 100_000_001;
  onChange: () => void = () => {};

  /** Loads records from a persisted state. */
  load(state: PersistedState): void {
    for (const l of state.listings) this.putListing(l);
    for (const m of state.media) this.media.set(m.uuid, m);
    for (const t of state.tickets) this.tickets.set(t.uuid, t);
    for (const i of state.imprints) this.imprints.set(i.uuid, i);
    for (const p of state.publications) this.publications.set(p.uuid, p);
    this.ticketsIssued = { ...state.ticketsIssued };
    this.nextAdId = state.nextAdId;
  }

  /** The records as persisted. */
  dump(): Pick<
    PersistedState,
    'listings' | 'media' | 'tickets' | 'imprints' | 'publications' | 'ticketsIssued' | 'nextAdId'
  > {
    return {
      listings: [...this.listings.values()],
      media: [...this.media.values()],
      tickets: [...this.tickets.values()],
      imprints: [...this.imprints.values()],
      publications: [...this.publications.values()],
      ticketsIssued: this.ticketsIssued,
      nextAdId: this.nextAdId,
    };
  }

  /** Adds a listing. */
  putListing(listing: ListingRecord): void {
    this.listings.set(listing.uuid, listing);
    let own = this.byClient.get(listing.clientId);
    if (!own) this.byClient.set(listing.clientId, (own = new Map()));
    own.set(listing.uuid, listing);
  }

  /** Removes a listing with its publications and media records; returns the removed media uuids. */
  removeListing(listing: ListingRecord): string[] {
    this.listings.delete(listing.uuid);
    this.byClient.get(listing.clientId)?.delete(listing.uuid);
    for (const uuid of listing.publications) this.publications.delete(uuid);
    for (const uuid of listing.media) this.media.delete(uuid);
    return [...listing.media];
  }

  /** The client's listing with this uuid, if it exists. */
  listing(clientId: string, uuid: string): ListingRecord | undefined {
    return this.byClient.get(clientId)?.get(uuid);
  }

  /** The client's listings in creation order. */
  listingsOf(clientId: string): Iterable<ListingRecord> {
    return this.byClient.get(clientId)?.values() ?? [];
  }

  /** The client's ticket with this uuid, if it exists. */
  ticket(clientId: string, uuid: string): TicketRecord | undefined {
    const ticket = this.tickets.get(uuid);
    return ticket?.clientId === clientId ? ticket : undefined;
  }

  /** The client's imprint with this uuid, if it exists. */
  imprint(clientId: string, uuid: string): ImprintRecord | undefined {
    const imprint = this.imprints.get(uuid);
    return imprint?.clientId === clientId ? imprint : undefined;
  }

  /** The client's publication with this uuid, if it exists. */
  publication(clientId: string, uuid: string): PublicationRecord | undefined {
    const publication = this.publications.get(uuid);
    return publication?.clientId === clientId ? publication : undefined;
  }

  /** Removes tickets past their expiry and returns them (their uploads can be deleted). */
  sweepTickets(now: number): TicketRecord[] {
    const gone: TicketRecord[] = [];
    for (const ticket of this.tickets.values()) {
      if (ticket.expireAt <= now) {
        this.tickets.delete(ticket.uuid);
        gone.push(ticket);
      }
    }
    if (gone.length > 0) this.onChange();
    return gone;
  }

  /** Counts per client, including every client id in `clientIds` even without records. */
  counts(clientIds: Iterable<string>): Record<string, ClientCounts> {
    const out: Record<string, ClientCounts> = {};
    const row = (id: string): ClientCounts =>
      (out[id] ??= { listings: 0, media: 0, publications: 0, imprints: 0, tickets: 0 });
    for (const id of clientIds) row(id);
    for (const l of this.listings.values()) {
      const r = row(l.clientId);
      r.listings += 1;
      r.media += l.media.length;
    }
    for (const p of this.publications.values()) row(p.clientId).publications += 1;
    for (const i of this.imprints.values()) row(i.clientId).imprints += 1;
    for (const [id, n] of Object.entries(this.ticketsIssued)) row(id).tickets = n;
    return out;
  }
}
