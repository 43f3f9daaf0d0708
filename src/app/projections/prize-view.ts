import type { PrizeRule } from '../../core/tournament/events.js';
import type { PlayerStatus } from '../../core/tournament/match-record.js';
import { awards } from '../../core/tournament/prizes.js';
import { departures, findPlayer } from '../../core/tournament/state-queries.js';
import type { Tournament } from '../../core/tournament/state.js';

/*
 * The prize list as the desk reads it (console and CLI): each prize with its rule and who
 * received it, by name, an award withdrawn by a disqualification with loss of prizes marked;
 * and the disqualified players, who hold no place and receive no prize decided after it
 * (rules 1-E/1-F), so the desk can say why someone placed on paper got nothing.
 */

export interface PrizeAwardView {
  readonly player: string;
  readonly name: string;
  /** Withdrawn by a disqualification with loss of prizes in force. */
  readonly withdrawn: boolean;
}

export interface PrizeView {
  readonly prizes: readonly {
    readonly id: string;
    readonly name: string;
    readonly rule: PrizeRule;
    /** `null` until awarded. */
    readonly awarded: readonly PrizeAwardView[] | null;
  }[];
  readonly excluded: readonly {
    readonly player: string;
    readonly name: string;
    readonly status: Extract<PlayerStatus, 'disqualified' | 'disqualified-forfeit-prizes'>;
  }[];
  /** Awards per player, for the desk handing them out. */
  readonly byPlayer: readonly { readonly player: string; readonly name: string; readonly prizes: readonly string[] }[];
}

export function prizeView(t: Tournament): PrizeView {
  const nameOf = (id: string): string => findPlayer(t, id)?.name ?? id;
  const given = awards(t);
  const withdrawnOf = new Map<string, boolean>();
  for (const a of given) withdrawnOf.set(`${a.prize}\u0000${a.player}`, a.withdrawn);
  const { withdrawn, status } = departures(t);
  const byPlayer = new Map<string, string[]>();
  for (const a of given) {
    if (a.withdrawn) continue;
    const held = byPlayer.get(a.player);
    if (held) held.push(a.name);
    else byPlayer.set(a.player, [a.name]);
  }
  return {
    prizes: t.prizes.map((p) => ({
      id: p.id,
      name: p.name,
      rule: p.rule,
      awarded:
        p.awardedTo?.map((player) => ({
          player,
          name: nameOf(player),
          withdrawn: withdrawnOf.get(`${p.id}\u0000${player}`) === true,
        })) ?? null,
    })),
    excluded: [...withdrawn].map((player) => ({
      player,
      name: nameOf(player),
      status: status(player) as 'disqualified' | 'disqualified-forfeit-prizes',
    })),
    byPlayer: [...byPlayer].map(([player, prizes]) => ({ player, name: nameOf(player), prizes })),
  };
}
