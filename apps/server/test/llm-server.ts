import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Message = { role: string; content: string };

/**
 * An OpenAI-compatible model server on loopback for tests (LLM_BASE_URL is `baseUrl`): it
 * records the messages of each completion and answers `content`, or fails with `status`.
 */
export async function startLlmServer(content: string) {
  const sent: Message[][] = [];
  let status = 200;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (req.url?.endsWith('/models')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}');
        return;
      }
      sent.push((JSON.parse(raw) as { messages: Message[] }).messages);
      res
        .writeHead(status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    /** The messages of every completion asked, oldest first. */
    sent,
    /** Answers with this HTTP status from now on (200 again to recover). */
    failWith(next: number) {
      status = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
