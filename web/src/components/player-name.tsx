import { Fragment } from 'react';

/*
 * A player's name as every list and print shows it: the reading (フリガナ) small above it when
 * given, and a name that never breaks inside a word. Japanese has no spaces between words, so
 * the browser would otherwise break 遊城十代 anywhere; `word-break: keep-all` keeps each part
 * whole, and the only break offered (<wbr>) is between family and given name where the name was
 * stored with a space. A part too long for its column still wraps rather than overflow.
 */
export function PlayerName({ name, reading }: { name: string; reading?: string | undefined }) {
  const parts = name.split(/([\s\u3000]+)/u);
  return (
    <span className="player-name" lang="ja">
      {reading && <span className="name-reading">{reading}</span>}
      <span className="name-text">
        {parts.map((part, i) =>
          i % 2 === 1 ? (
            <Fragment key={i}>
              {part}
              <wbr />
            </Fragment>
          ) : (
            part
          ),
        )}
      </span>
    </span>
  );
}
