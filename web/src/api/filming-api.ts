import { outbox } from './outbox';

/*
 * Feature matches and players' consent to being filmed (issue 43): the staff routes the
 * check-in and round screens use, and the overlay pages' addresses.
 */

const enc = encodeURIComponent;
const base = (t: string) => `/api/tournaments/${enc(t)}`;

export type FilmingAnswer = 'yes' | 'no' | 'not-asked';

/** GET …/rounds/:round/features (staff). */
export interface FeaturesView {
  readonly round: number;
  readonly tables: readonly {
    readonly table: number;
    readonly players: readonly { readonly id: string; readonly name: string; readonly filming: FilmingAnswer }[];
  }[];
  readonly version: number;
}

export const filmingPaths = {
  features: (t: string, round: number) => `${base(t)}/rounds/${round}/features`,
  /** An overlay page for an OBS browser source (public). */
  overlay: (t: string, kind: 'feature' | 'standings' | 'next', lang: 'ja' | 'en') =>
    `/overlay/${enc(t)}/${kind}?lang=${lang}`,
};

export const filmingWrites = {
  /** A player's answer to being filmed, recorded by staff at the desk. */
  consent: (t: string, player: string, consent: boolean) =>
    outbox.send({
      method: 'PUT',
      path: `${base(t)}/players/${enc(player)}/filming`,
      body: { consent },
      tournament: t,
      version: null,
      label: { key: 'write.filmingConsent', params: { player } },
    }),
  /** The round's feature tables, the whole list; the server refuses a table with a player who did not say yes. */
  features: (t: string, v: number | null, round: number, tables: readonly number[]) =>
    outbox.send({
      method: 'PUT',
      path: filmingPaths.features(t, round),
      body: { tables },
      tournament: t,
      version: v,
      label: { key: 'write.featureTables', params: { round } },
    }),
};
