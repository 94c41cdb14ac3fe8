// How fresh the listings are kept: the window's interval, and in a shop the age of the shared view
// past which a desk reads the service for everyone (issue 24.6), so both agree on one number.

/** The list is fetched again once it is this old, while the Listings view is open and visible. */
export const REFRESH_INTERVAL_MS = 5 * 60_000;
