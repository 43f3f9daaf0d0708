import { networkInterfaces } from 'node:os';
import { lanUrls } from './lan-addresses.js';

/**
 * What the console needs to give phones an address they can reach. An organizer who opened
 * the console on the laptop itself sees `http://127.0.0.1:3000`, which no phone can open: the
 * links and QR codes the console prints use the configured public URL, else the address the
 * organizer's browser used when it is not the machine itself, else one of these LAN addresses.
 */
export class VenueNetwork {
  #lanUrls: readonly string[] = [];
  #secureUrls: readonly string[] = [];
  #plainPort: number | null = null;

  constructor(
    /** SHINPAN_PUBLIC_URL: the address phones use (a proxy's domain, a name on the venue's DNS). */
    readonly publicUrl: string | null = null,
    /** The certificate authority a staff phone installs once to trust this server's HTTPS (DER). */
    readonly caCertificate: Buffer | null = null,
  ) {}

  /**
   * Called once the ports are bound: the LAN addresses depend on the host and ports listened
   * on. Players' phones get the plain-HTTP port when there is one beside HTTPS (they have not
   * installed the venue's CA), staff phones the HTTPS port.
   */
  listening(host: string, port: number, https: boolean, plainPort: number | null): void {
    const interfaces = networkInterfaces();
    this.#plainPort = plainPort;
    this.#secureUrls = https ? lanUrls(host, port, interfaces, 'https') : [];
    this.#lanUrls =
      plainPort !== null
        ? lanUrls(host, plainPort, interfaces, 'http')
        : lanUrls(host, port, interfaces, https ? 'https' : 'http');
  }

  /** The LAN addresses for players' phones (the plain-HTTP port when there is one). */
  get lanUrls(): readonly string[] {
    return this.#lanUrls;
  }

  /** The LAN addresses of the HTTPS port (none without HTTPS). */
  get secureUrls(): readonly string[] {
    return this.#secureUrls;
  }

  /** The plain-HTTP port serving the console beside HTTPS, if any. */
  get plainPort(): number | null {
    return this.#plainPort;
  }
}
