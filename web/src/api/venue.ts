import { phoneOrigin, type VenueView } from './phone-origin';
import { useResource } from './resource';

export const VENUE_PATH = '/api/venue';

/** The origin for links given to phones (`null`: none known, say so), and the venue's addresses. */
export function usePhoneOrigin(): { readonly origin: string | null; readonly venue: VenueView | undefined } {
  const venue = useResource<VenueView>(VENUE_PATH).data;
  return { origin: phoneOrigin(venue, window.location), venue };
}
