import type { Fact, Infraction, Landing, Pack } from '../../../src/core/policy/pack-schema.js';
import type { PenaltyId } from './types';
import { useEffect, useState } from 'react';
import { get } from './http';
import { useTournament } from './tournament-context';

/*
 * The policy pack as the server serves it: every infraction and penalty name, fact question
 * and remedy the console shows comes from here, never from the console's own text files.
 */

/** The pack's own shapes, type-only from the schema the server checks packs with. */
export type { Fact, Infraction as PackInfraction, Landing, Pack };
export type PackPenalty = Pack['penalties'][number];

const packs = new Map<string, Promise<Pack>>();

/**
 * The tournament's own recorded pack (a record is always judged under the rules it was made
 * with), from the public pack route: players reading their own record need the names too.
 */
function loadPack(tournament: string): Promise<Pack> {
  let loading = packs.get(tournament);
  if (!loading) {
    loading = get<{ pack: Pack }>(`/api/tournaments/${encodeURIComponent(tournament)}/policy`).then(
      (answer) => answer.body.pack,
    );
    loading.catch(() => packs.delete(tournament));
    packs.set(tournament, loading);
  }
  return loading;
}

/** The tournament's policy pack; `pack` stays undefined while loading or when it cannot be read. */
export function usePack(): { pack: Pack | undefined; error: unknown; reload: () => void } {
  const { id } = useTournament();
  const [state, setState] = useState<{ pack: Pack | undefined; error: unknown }>({ pack: undefined, error: null });
  const [generation, setGeneration] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` is the reload trigger: a new value reads the pack again.
  useEffect(() => {
    let live = true;
    loadPack(id).then(
      (pack) => live && setState({ pack, error: null }),
      (error: unknown) => live && setState({ pack: undefined, error }),
    );
    return () => {
      live = false;
    };
  }, [id, generation]);
  return { ...state, reload: () => setGeneration((g) => g + 1) };
}

/** The pack's penalty with this id. */
export function penaltyOf(pack: Pack | undefined, id: string | null | undefined): PackPenalty | undefined {
  return pack?.penalties.find((p) => p.id === id);
}

/** The pack's infraction with this id. */
export function infractionOf(pack: Pack | undefined, id: string | null | undefined): Infraction | undefined {
  return pack?.infractions.find((i) => i.id === id);
}

/** The ladder, lowest first, as the pack orders it. */
export function ladder(pack: Pack): readonly PenaltyId[] {
  return pack.penalties.map((p) => p.id);
}
