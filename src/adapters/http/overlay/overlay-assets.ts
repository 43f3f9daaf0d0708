/*
 * The overlay pages' script and style sheet, served as files of their own (the security headers
 * allow no inline script or style). The script is plain ES2017 for OBS's browser source
 * (Chromium): it reads the public overlay view (`GET /api/tournaments/:t/overlay`), follows
 * the public live stream and reads the view again after every write and every reconnect (the
 * stream's `hello`), so a dropped connection or a restarted server costs nothing but the time
 * away. The public view is made at most about once a second, so a view older than the version
 * the stream named is read again a second later. With a stream delay the views it reads are held back that long, and the clock runs
 * that far behind, so the overlay matches the delayed picture. Names reach the page as text
 * nodes only, never as markup.
 */

export const OVERLAY_SCRIPT = String.raw`(function () {
  'use strict';
  var body = document.body;
  var stage = document.getElementById('stage');
  var kind = body.dataset.kind;
  var tournament = body.dataset.tournament;
  var lang = body.dataset.lang;
  var delayMs = Number(body.dataset.delay) * 1000;
  var wanted = Number(body.dataset.table) || 0;
  var zone = body.dataset.zone || undefined;
  var texts = JSON.parse(body.dataset.texts);
  var base = '/api/tournaments/' + encodeURIComponent(tournament);
  var shown = null;
  var offset = 0;
  var held = [];
  var loading = false;
  var again = false;
  /** The newest version the stream named: a view older than it (made up to a second before) is read again. */
  var latest = 0;

  function say(id, values) {
    return texts[id].replace(/\{(\w+)\}/g, function (_, key) { return String(values[key]); });
  }
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }
  function add(parent, children) {
    children.forEach(function (child) { if (child) parent.appendChild(child); });
    return parent;
  }
  function roundLabel(round) {
    return say(round.stage === 'top-cut' ? 'top-cut' : 'round', { n: round.number });
  }
  function record(p) { return say('record', { w: p.wins, l: p.losses, d: p.draws }); }
  function clockTime(iso) {
    return new Date(iso).toLocaleTimeString(lang === 'ja' ? 'ja-JP' : 'en-GB', { hour: '2-digit', minute: '2-digit', timeZone: zone });
  }
  /** The server's time as the delayed picture shows it. */
  function now() { return Date.now() + offset - delayMs; }

  function clockText(round, match) {
    if (!round.started) return say('starts-at', { time: clockTime(round.seatTime) });
    if (match.finished) return texts.finished;
    var ends = Date.parse(round.seatTime) + (round.roundMinutes + match.extensionMinutes) * 60000;
    var left = Math.ceil((ends - now()) / 1000);
    if (round.ended || left <= 0) return texts.time;
    var m = Math.floor(left / 60);
    var s = left % 60;
    return m + ':' + (s < 10 ? '0' : '') + s;
  }

  function player(p, side) {
    return add(el('div', 'player player-' + side), [
      p.reading ? el('div', 'reading', p.reading) : null,
      el('div', 'name', p.name),
      el('div', 'record', record(p)),
    ]);
  }

  function cards(list, title) {
    if (list.length === 0) return null;
    var ul = el('ul', 'cards');
    list.forEach(function (c) {
      var name = c.name ? c.name[lang] : String(c.passcode);
      ul.appendChild(el('li', null, c.count + ' × ' + name));
    });
    return add(el('section', 'zone'), [el('h3', null, title), ul]);
  }

  function decklist(p, side) {
    if (!p.decklist) return null;
    return add(el('div', 'decklist decklist-' + side), [
      el('h2', null, texts.decklist + ' · ' + p.name),
      cards(p.decklist.main, texts.main),
      cards(p.decklist.extra, texts.extra),
      cards(p.decklist.side, texts.side),
    ]);
  }

  function featureOf(round) {
    if (!round || round.features.length === 0) return null;
    var found = round.features.filter(function (m) { return m.table === wanted; })[0];
    return found || round.features[0];
  }

  function drawFeature(view) {
    var round = view.round;
    var match = featureOf(round);
    if (!match) return [];
    var a = match.players[0];
    var b = match.players[1];
    var centre = add(el('div', 'centre'), [
      el('div', 'label', roundLabel(round) + ' · ' + say('table', { n: match.table })),
      el('div', 'score', a.duelWins + ' – ' + b.duelWins),
      el('div', 'clock', clockText(round, match)),
      match.extensionMinutes > 0 ? el('div', 'extension', say('extension', { n: match.extensionMinutes })) : null,
    ]);
    var bar = add(el('div', 'feature-bar'), [player(a, 'left'), centre, player(b, 'right')]);
    return [
      decklist(a, 'left'),
      decklist(b, 'right'),
      add(el('div', 'feature'), [el('div', 'feature-title', texts.feature), bar]),
    ];
  }

  function drawNext(view) {
    var round = view.next;
    if (!round) {
      if (!view.round || view.tournament.finished) return [];
      if (!view.round.ended) return [];
      return [add(el('div', 'next'), [el('div', 'feature-title', texts.next), el('div', 'next-later', say('next-later', { n: view.round.number + 1 }))])];
    }
    var box = add(el('div', 'next'), [
      el('div', 'feature-title', texts.next + ' · ' + roundLabel(round)),
      el('div', 'next-time', say('starts-at', { time: clockTime(round.seatTime) })),
    ]);
    round.features.forEach(function (m) {
      box.appendChild(add(el('div', 'next-match'), [
        el('span', 'next-table', say('table', { n: m.table })),
        player(m.players[0], 'left'),
        el('span', 'versus', 'vs'),
        player(m.players[1], 'right'),
      ]));
    });
    return [box];
  }

  function drawStandings(view) {
    var s = view.standings;
    if (s.afterRound === 0 || s.rows.length === 0) return [];
    var track = el('div', 'ticker-track');
    // Twice over, so the scroll wraps without a gap.
    [0, 1].forEach(function () {
      s.rows.forEach(function (row) {
        track.appendChild(add(el('span', 'ticker-row'), [
          el('span', 'rank', row.rank === null ? '–' : String(row.rank)),
          el('span', 'name', row.name),
          el('span', 'points', say('points', { n: row.points })),
          el('span', 'record', record(row)),
        ]));
      });
    });
    track.style.animationDuration = Math.max(20, s.rows.length * 4) + 's';
    return [add(el('div', 'ticker'), [el('div', 'ticker-label', say('standings', { n: s.afterRound })), add(el('div', 'ticker-window'), [track])])];
  }

  function draw() {
    if (!shown) return;
    var parts = kind === 'feature' ? drawFeature(shown) : kind === 'next' ? drawNext(shown) : drawStandings(shown);
    stage.replaceChildren.apply(stage, parts.filter(Boolean));
    body.dataset.version = String(shown.version);
  }

  /** The clock alone, each second: the rest is drawn when a view comes in. */
  function tick() {
    if (shown && kind === 'feature') {
      var match = featureOf(shown.round);
      var node = stage.querySelector('.clock');
      if (match && node) node.textContent = clockText(shown.round, match);
    }
    while (held.length > 0 && held[0].at <= Date.now()) {
      shown = held.shift().view;
      draw();
    }
  }

  function load() {
    if (loading) { again = true; return; }
    loading = true;
    fetch(base + '/overlay', { cache: 'no-store', credentials: 'omit' })
      .then(function (response) {
        if (!response.ok) throw new Error('HTTP ' + response.status);
        return response.json();
      })
      .then(function (view) {
        offset = Date.parse(view.now) - Date.now();
        held.push({ at: Date.now() + delayMs, view: view });
        tick();
        if (view.version < latest) setTimeout(load, 1000);
      })
      .catch(function () { setTimeout(load, 3000); })
      .then(function () {
        loading = false;
        if (again) { again = false; load(); }
      });
  }

  function follow() {
    var source = new EventSource(base + '/live');
    function heard(message) {
      try { latest = Math.max(latest, JSON.parse(message.data).version || 0); } catch (e) { /* a frame without a version */ }
      load();
    }
    source.addEventListener('hello', function (message) { body.dataset.live = 'open'; heard(message); });
    source.addEventListener('events', heard);
    source.onerror = function () {
      body.dataset.live = 'lost';
      // A refused reconnect (the server answering an error) ends an EventSource for good: start a new one.
      if (source.readyState === 2) { source.close(); setTimeout(follow, 3000); }
    };
  }

  setInterval(tick, 250);
  follow();
})();
`;

export const OVERLAY_STYLE = `
html, body { margin: 0; padding: 0; background: transparent; }
body.overlay {
  width: 1920px; height: 1080px; overflow: hidden; position: relative; color: #fff;
  font-family: "Noto Sans CJK JP", "Noto Sans JP", "Hiragino Sans", sans-serif;
}
.stage { position: absolute; inset: 0; }
.feature { position: absolute; left: 80px; right: 80px; bottom: 48px; }
.feature-title {
  display: inline-block; padding: 6px 24px; font-size: 26px; font-weight: 700; letter-spacing: 0.05em;
  background: #c8102e; border-radius: 8px 8px 0 0;
}
.feature-bar {
  display: grid; grid-template-columns: 1fr 420px 1fr; align-items: stretch; min-height: 170px;
  background: rgba(10, 14, 26, 0.88); border-top: 4px solid #c8102e; border-radius: 0 8px 8px 8px;
}
.player { padding: 18px 36px; display: flex; flex-direction: column; justify-content: center; min-width: 0; }
.player-right { text-align: right; }
.player .reading { font-size: 22px; color: #c9d1e0; }
.player .name { font-size: 52px; font-weight: 700; line-height: 1.15; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.player .record { font-size: 28px; color: #ffd25a; margin-top: 4px; }
.centre {
  display: flex; flex-direction: column; align-items: center; justify-content: center;
  background: rgba(255, 255, 255, 0.06); padding: 10px 0;
}
.centre .label { font-size: 24px; color: #c9d1e0; }
.centre .score { font-size: 76px; font-weight: 800; line-height: 1.05; font-variant-numeric: tabular-nums; }
.centre .clock { font-size: 40px; font-weight: 700; font-variant-numeric: tabular-nums; }
.centre .extension { font-size: 22px; color: #ffd25a; }
.decklist {
  position: absolute; top: 48px; width: 520px; max-height: 700px; overflow: hidden; padding: 16px 24px;
  background: rgba(10, 14, 26, 0.85); border-radius: 8px; font-size: 18px; line-height: 1.35;
}
.decklist-left { left: 80px; }
.decklist-right { right: 80px; }
.decklist h2 { font-size: 24px; margin: 0 0 8px; }
.decklist h3 { font-size: 18px; margin: 8px 0 2px; color: #ffd25a; }
.decklist .cards { list-style: none; margin: 0; padding: 0; columns: 2; column-gap: 16px; }
.ticker {
  position: absolute; left: 0; right: 0; bottom: 0; height: 72px; display: flex; align-items: stretch;
  background: rgba(10, 14, 26, 0.9); border-top: 4px solid #c8102e; font-size: 30px;
}
.ticker-label {
  flex: none; display: flex; align-items: center; padding: 0 28px; font-weight: 700; background: #c8102e;
}
.ticker-window { flex: 1; overflow: hidden; position: relative; }
.ticker-track {
  position: absolute; top: 0; bottom: 0; display: flex; align-items: center; white-space: nowrap;
  animation: ticker linear infinite; animation-duration: 60s;
}
.ticker-row { display: inline-flex; align-items: baseline; gap: 14px; padding: 0 40px; }
.ticker-row .rank { color: #ffd25a; font-weight: 800; }
.ticker-row .name { font-weight: 700; }
.ticker-row .points, .ticker-row .record { color: #c9d1e0; font-size: 24px; }
@keyframes ticker { from { transform: translateX(0); } to { transform: translateX(-50%); } }
.next {
  position: absolute; left: 360px; right: 360px; bottom: 64px; padding-bottom: 20px;
  background: rgba(10, 14, 26, 0.88); border-radius: 8px; overflow: hidden;
}
.next .feature-title { border-radius: 0 0 8px 0; }
.next-time, .next-later { font-size: 30px; padding: 12px 36px 0; color: #ffd25a; }
.next-match { display: grid; grid-template-columns: 120px 1fr 60px 1fr; align-items: center; padding: 6px 24px; }
.next-match .player { padding: 6px 12px; }
.next-match .player .name { font-size: 40px; }
.next-table { font-size: 26px; color: #c9d1e0; }
.versus { font-size: 28px; text-align: center; color: #c9d1e0; }
`;
