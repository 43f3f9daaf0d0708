import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../errors.js';
import { M } from '../messages/errors.js';
import { defineRoute } from '../route.js';
import type { VenueNetwork } from '../venue-network.js';

/** The addresses phones can reach, and the venue's CA certificate for staff phones (all public: nothing secret). */
export function venueRoutes(app: FastifyInstance, venue: VenueNetwork): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/venue',
    summary:
      'The addresses phones reach this server at (SHINPAN_PUBLIC_URL, the LAN addresses) and whether a CA certificate is offered.',
    tags: ['server'],
    access: 'public',
    response: z.object({
      publicUrl: z.string().nullable(),
      lanUrls: z.array(z.string()),
      secureUrls: z.array(z.string()),
      plainPort: z.number().nullable(),
      caCertificate: z.boolean(),
    }),
    async handler() {
      return {
        publicUrl: venue.publicUrl,
        lanUrls: [...venue.lanUrls],
        secureUrls: [...venue.secureUrls],
        plainPort: venue.plainPort,
        caCertificate: venue.caCertificate !== null,
      };
    },
  });
  // A plain route: the answer is the certificate itself, for the phone to install.
  app.get('/api/venue/ca.crt', { schema: { hide: true } }, async (_request, reply) => {
    if (venue.caCertificate === null) throw new HttpError(404, 'no-ca-certificate', M.text('no-ca-certificate'));
    return reply
      .type('application/x-x509-ca-cert')
      .header('content-disposition', 'attachment; filename="shinpan-venue-ca.crt"')
      .send(venue.caCertificate);
  });
}
