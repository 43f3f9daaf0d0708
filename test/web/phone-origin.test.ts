import { describe, expect, it } from 'vitest';
import { phoneOrigin, type VenueView } from '../../web/src/api/phone-origin.js';

/* Which address the console prints in links and QR codes given to phones (issue 36). */

const venue = (over: Partial<VenueView> = {}): VenueView => ({
  publicUrl: null,
  lanUrls: [],
  secureUrls: [],
  plainPort: null,
  caCertificate: false,
  ...over,
});
const page = (origin: string) => {
  const url = new URL(origin);
  return { origin: url.origin, hostname: url.hostname, protocol: url.protocol };
};

describe('the origin given to phones', () => {
  it('is SHINPAN_PUBLIC_URL when set, wherever the console was opened', () => {
    const v = venue({ publicUrl: 'https://shinpan.example.jp', lanUrls: ['http://192.168.1.10:3000'] });
    expect(phoneOrigin(v, page('http://127.0.0.1:3000'))).toBe('https://shinpan.example.jp');
    expect(phoneOrigin(v, page('http://192.168.1.10:3000'))).toBe('https://shinpan.example.jp');
  });

  it('is the address the browser used when that is not the machine itself', () => {
    expect(phoneOrigin(venue(), page('http://192.168.1.10:3000'))).toBe('http://192.168.1.10:3000');
  });

  it("is the plain-HTTP port for a staff page on HTTPS beside one (players' phones have no venue CA)", () => {
    expect(phoneOrigin(venue({ plainPort: 3000 }), page('https://192.168.1.10:3443'))).toBe('http://192.168.1.10:3000');
  });

  it('is the first LAN address on the machine itself, and none when the server knows none', () => {
    const lan = venue({ lanUrls: ['http://192.168.1.10:3000', 'http://10.0.0.5:3000'] });
    for (const local of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])
      expect(phoneOrigin(lan, page(local))).toBe('http://192.168.1.10:3000');
    expect(phoneOrigin(venue(), page('http://127.0.0.1:3000'))).toBeNull();
    expect(phoneOrigin(undefined, page('http://localhost:3000'))).toBeNull();
  });
});
