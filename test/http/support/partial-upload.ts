import { request } from 'node:http';

export interface PartialAnswer {
  readonly status: number;
  readonly body: { code?: string; message?: string; messageJa?: string; path?: string };
}

/**
 * Sends the headers and the first bytes of a JSON body announced as `announced` bytes, and answers
 * what the server says without the rest: an answer at all proves the body was not read (or parsed).
 */
export function startUpload(
  url: string,
  headers: Record<string, string>,
  announced: number,
  first = '{"csv":"id,name\\n',
): Promise<PartialAnswer> {
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(announced), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
          sent.destroy();
        });
      },
    );
    sent.on('error', (error) => {
      // The server may close the connection once it has answered: the answer was already read.
      if (!sent.destroyed) reject(error);
    });
    sent.write(first);
  });
}
