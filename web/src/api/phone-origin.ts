/** GET /api/venue: the addresses phones reach the server at. */
export interface VenueView {
  readonly publicUrl: string | null;
  /** For players' phones: the plain-HTTP port when the server has one beside HTTPS. */
  readonly lanUrls: readonly string[];
  /** The HTTPS port's LAN addresses (none without HTTPS). */
  readonly secureUrls: readonly string[];
  readonly plainPort: number | null;
  readonly caCertificate: boolean;
}

/** The machine itself: no phone can open these. */
export function isLoopback(hostname: string): boolean {
  return /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(hostname);
}

/**
 * The origin to print in links and QR codes given to players' phones, or null when no address
 * a phone can reach is known. The configured public URL first; else the address this browser
 * used, when it is not the machine itself (on HTTPS beside a plain port, that port: players'
 * phones have no venue CA); else the server's first LAN address.
 */
export function phoneOrigin(
  venue: VenueView | undefined,
  page: { readonly hostname: string; readonly protocol: string; readonly origin: string },
): string | null {
  if (venue?.publicUrl) return venue.publicUrl;
  if (!isLoopback(page.hostname)) {
    if (page.protocol === 'https:' && venue?.plainPort) return `http://${page.hostname}:${venue.plainPort}`;
    return page.origin;
  }
  return venue?.lanUrls[0] ?? null;
}
