import type { Text } from '../../text.js';
import type { ByeFacts, SeatFacts, TableFacts } from './pairing-facts.js';

/*
 * One line per table a judge can read out to a player who asks "why am I playing them?",
 * made from the pairing's facts (`pairing-facts.ts`) and nothing else.
 */

/** How a player is named in a reason: their name, or their id where no name is known. */
export type NameOf = (id: string) => string;

/** At most this many names are listed after "already met"; the rest are counted. */
const LISTED = 3;

function names(ids: readonly string[], nameOf: NameOf): Text {
  const shown = ids.slice(0, LISTED).map(nameOf);
  const more = ids.length - shown.length;
  return {
    ja: shown.join('、') + (more > 0 ? ` ほか${more}名` : ''),
    en: shown.join(', ') + (more > 0 ? ` and ${more} more` : ''),
  };
}

/** "; already met: X (so not paired again)" for the better-ranked player of a pair, or nothing. */
function alreadyMet(seat: SeatFacts, nameOf: NameOf): Text {
  if (seat.metInBracket.length === 0) return { ja: '', en: '' };
  const who = names(seat.metInBracket, nameOf);
  return {
    ja: `。${nameOf(seat.id)}は同じ勝点の${who.ja}と対戦済みのため再戦を避けた`,
    en: `; ${nameOf(seat.id)} had already played ${who.en} on the same points, so no rematch`,
  };
}

/** "1 point", "3 points". */
const pts = (n: number): string => `${n} point${n === 1 ? '' : 's'}`;

const join = (...parts: Text[]): Text => ({
  ja: parts.map((p) => p.ja).join(''),
  en: parts.map((p) => p.en).join(''),
});

/** The reason for one table. */
export function tableReason(facts: TableFacts, nameOf: NameOf): Text {
  const [a, b] = facts.players;
  if (facts.kind === 'drawn') {
    return {
      ja: '第1回戦: 全員0点のため乱数シードで組み合わせ',
      en: 'Round 1: everyone on 0 points, drawn by the seed',
    };
  }
  const rematch: Text = facts.rematch
    ? {
        ja: '。再戦: どの組み合わせでも再戦を避けられなかった',
        en: '; a rematch: no pairing of the field avoided every rematch',
      }
    : { ja: '', en: '' };
  if (facts.kind === 'same-record') {
    return join(
      { ja: `同じ勝点（${a.points}点）同士`, en: `Same record (${pts(a.points)})` },
      rematch,
      facts.rematch ? { ja: '', en: '' } : alreadyMet(a, nameOf),
    );
  }
  const [high, low] = a.points > b.points ? [a, b] : [b, a];
  const why: Text =
    facts.why === 'odd-bracket'
      ? {
          ja: `${facts.from}点の選手が奇数（${facts.bracketSize}名）のため1名が下の勝点と対戦`,
          en: `${pts(facts.from)} had an odd number of players (${facts.bracketSize}), so one plays down`,
        }
      : {
          ja: `${facts.from}点の中で組むと再戦になるため`,
          en: `pairing inside ${pts(facts.from)} would have repeated a pairing`,
        };
  return join(
    {
      ja: `勝点の異なる対戦: ${nameOf(high.id)}（${facts.from}点）が${nameOf(low.id)}（${facts.to}点）と対戦。`,
      en: `Pair-down from ${facts.from} to ${pts(facts.to)} (${nameOf(high.id)} plays ${nameOf(low.id)}): `,
    },
    why,
    rematch,
    facts.rematch ? { ja: '', en: '' } : alreadyMet(high, nameOf),
  );
}

/** The reason for the bye. */
export function byeReason(facts: ByeFacts, nameOf: NameOf): Text {
  switch (facts.why) {
    case 'drawn':
      return { ja: '不戦勝: 第1回戦は乱数シードで決定', en: 'Bye: drawn by the seed in round 1' };
    case 'lowest-without-bye':
      return {
        ja: `不戦勝: まだ不戦勝のない選手のうち最下位（${facts.rank}位、${facts.points}点）`,
        en: `Bye: the lowest-ranked player without a bye so far (rank ${facts.rank}, ${pts(facts.points)})`,
      };
    case 'rematch-avoided': {
      const who = names(facts.passedOver, nameOf);
      return {
        ja: `不戦勝: 下位の${who.ja}に与えると残りの組み合わせで再戦が生じるため、${facts.rank}位（${facts.points}点）に`,
        en: `Bye: giving it to the lower-ranked ${who.en} would have forced a rematch, so it went to rank ${facts.rank} (${pts(facts.points)})`,
      };
    }
    case 'everyone-had-one':
      return {
        ja: `不戦勝: 不戦勝のない選手には再戦なしで与えられなかったため、2度目の不戦勝を${facts.rank}位（${facts.points}点）に`,
        en: `Bye: nobody without a bye could take it without forcing a rematch, so a second bye went to rank ${facts.rank} (${pts(facts.points)})`,
      };
  }
}
