import { readFileSync } from 'node:fs';
import { request } from 'node:http';

/*
 * A read as a phone at the venue makes it again and again: the same URL, Accept-Encoding as a
 * browser sends it, the body left compressed (a phone spends its own CPU inflating it, not
 * the server's). What it measures is the server's side: the time to the last byte, and the
 * server process's CPU time read from /proc around a batch of such reads.
 */

/** One GET with `accept-encoding`; answers the status, the encoding sent and the time to the last byte. */
export function timedRawGet(
  url: string,
  acceptEncoding: string,
): Promise<{ status: number; encoding: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      res.on('data', () => {});
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
          ms: performance.now() - started,
        }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; clock ticks of 10 ms). */
export function processCpuMs(pid: number): number {
  // Fields after the command name (which may hold spaces, so split after its closing parenthesis).
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks * 10;
}

/** `count` reads one after the other: each one's time, and the server's CPU per read. */
export async function repeatReads(
  url: string,
  pid: number,
  count: number,
  acceptEncoding: string,
): Promise<{ ms: number[]; cpuMsPerRead: number; encoding: string }> {
  const ms: number[] = [];
  let encoding = '';
  const cpuBefore = processCpuMs(pid);
  for (let i = 0; i < count; i++) {
    const answer = await timedRawGet(url, acceptEncoding);
    if (answer.status !== 200) throw new Error(`GET ${url}: ${answer.status}`);
    ms.push(answer.ms);
    encoding = answer.encoding;
  }
  return { ms, cpuMsPerRead: (processCpuMs(pid) - cpuBefore) / count, encoding };
}
