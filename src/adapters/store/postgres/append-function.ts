/*
 * The PostgreSQL append as one server-side function, so a group of appends costs one round
 * trip and one commit instead of about ten statements each. Created by the migration that
 * introduced it: never edit a released version; a change is a new function (…_v2) created by
 * a new migration step, and the store calls the newest.
 *
 * For each append of the group, in the order given (the caller sorts by tournament, so every
 * group takes its tournaments' locks in one order and two processes' groups never deadlock):
 *  1. the tournament's transaction-level advisory lock: writers to one tournament take turns in
 *     the database, even the first two, before a stream row exists to lock;
 *  2. refused when decided on an append that was not written (`after`: 0 = one outside the
 *     group that failed, k = the k-th of this group; a replayed retry wrote nothing), even when
 *     the version happens to match;
 *  3. a known idempotency key answers what it wrote (or `reused` for another fingerprint). It
 *     is looked up before the version check on purpose: a retry carries the version its first
 *     attempt was decided on, which that very attempt has since moved on;
 *  4. the version check, then the events, the stream's version and the key, written together.
 * Each append is decided on its own and a refused one leaves the others in: the checks come
 * before any write, so nothing needs undoing. Then one NOTIFY per tournament, with its newest
 * version ("version tournament"; listeners read the events by sequence, so a big import never
 * meets NOTIFY's 8,000-byte limit). NOTIFY is delivered on commit only.
 */
export const APPEND_FUNCTION_V1 = 'shinpan_append_v1';

export const CREATE_APPEND_FUNCTION_V1 = `
create function shinpan_append_v1(
  p_channel text,
  p_tournaments text[],
  p_expected integer[],
  p_counts integer[],
  p_after integer[],
  p_keys text[],
  p_fingerprints text[],
  p_types text[],
  p_data text[],
  p_actors text[],
  p_ats text[],
  p_created_at text
) returns table (outcome text, stream_version integer, from_seq integer, to_seq integer)
language plpgsql
as $fn$
declare
  i integer;
  n integer := coalesce(array_length(p_tournaments, 1), 0);
  offset_at integer := 0;
  t text;
  current_version integer;
  stream_exists boolean;
  new_version integer;
  key_known boolean;
  known_fingerprint text;
  known_from integer;
  known_to integer;
  written boolean[] := array_fill(false, array[greatest(n, 1)]);
  announced_tournaments text[] := '{}';
  announced_versions integer[] := '{}';
begin
  for i in 1 .. n loop
    t := p_tournaments[i];
    perform pg_advisory_xact_lock(hashtextextended(t, 0));
    select s.version into current_version from streams s where s.id = t for update;
    stream_exists := found;
    current_version := coalesce(current_version, 0);
    if p_after[i] is not null and (p_after[i] = 0 or not written[p_after[i]]) then
      outcome := 'conflict'; stream_version := current_version; from_seq := null; to_seq := null;
    else
      key_known := false;
      if p_keys[i] is not null then
        select k.fingerprint, k.first_seq, k.last_seq into known_fingerprint, known_from, known_to
          from idempotency_keys k where k.tournament_id = t and k.key = p_keys[i];
        key_known := found;
      end if;
      if key_known and known_fingerprint is distinct from p_fingerprints[i] then
        outcome := 'reused'; stream_version := current_version; from_seq := null; to_seq := null;
      elsif key_known then
        -- Not written: an append decided on this retry's events would land on a state that never was.
        outcome := 'replayed'; stream_version := known_to; from_seq := known_from; to_seq := known_to;
      elsif current_version <> p_expected[i] then
        outcome := 'conflict'; stream_version := current_version; from_seq := null; to_seq := null;
      elsif p_counts[i] = 0 then
        outcome := 'written'; stream_version := current_version; from_seq := null; to_seq := null;
        written[i] := true;
      else
        new_version := current_version + p_counts[i];
        if stream_exists then
          update streams set version = new_version where id = t;
        else
          insert into streams (id, version) values (t, new_version);
        end if;
        insert into events (tournament_id, seq, type, data, actor, at)
          select t, current_version + e.ord, e.type, e.data, e.actor, e.at
          from unnest(
            p_types[offset_at + 1 : offset_at + p_counts[i]],
            p_data[offset_at + 1 : offset_at + p_counts[i]],
            p_actors[offset_at + 1 : offset_at + p_counts[i]],
            p_ats[offset_at + 1 : offset_at + p_counts[i]]
          ) with ordinality as e(type, data, actor, at, ord)
          order by e.ord;
        if p_keys[i] is not null then
          insert into idempotency_keys (tournament_id, key, fingerprint, first_seq, last_seq, created_at)
            values (t, p_keys[i], p_fingerprints[i], current_version + 1, new_version, p_created_at);
        end if;
        announced_tournaments := announced_tournaments || t;
        announced_versions := announced_versions || new_version;
        outcome := 'written'; stream_version := new_version;
        from_seq := current_version + 1; to_seq := new_version;
        written[i] := true;
      end if;
    end if;
    offset_at := offset_at + p_counts[i];
    return next;
  end loop;
  perform pg_notify(p_channel, max(a.version) || ' ' || a.tournament)
    from unnest(announced_tournaments, announced_versions) as a(tournament, version)
    group by a.tournament;
end
$fn$
`;
