/**
 * Test helper of the clients' suites (savings, securities), never part of a build: a proxy on loopback in front of the sandbox whose POSTs
 * meet a script, step by step in the order they arrive (every GET, and a POST past the script,
 * passes):
 *
 * - `pass`: forwarded, answered;
 * - `dropBefore`: the connection is destroyed, nothing forwarded (once every earlier step that
 *   forwards at once has been answered by the sandbox, so that it comes after them);
 * - `dropAfter`: forwarded; once the sandbox answered, the connection is destroyed;
 * - `hold`: forwarded; the sandbox's answer is kept until `release(step)`;
 * - `holdBefore`: kept, not forwarded, until `release(step)`; then forwarded (its answer goes
 *   to a client that may have given up).
 *
 * `gate(method, path)` may return a promise the answer of a request waits for.
 */
import { createServer, type IncomingMessage, request as send } from 'node:http'
import type { AddressInfo } from 'node:net'

export type Step = 'pass' | 'dropBefore' | 'dropAfter' | 'hold' | 'holdBefore'

type Answer = { status: number; body: Buffer }

/** A promise and the function that resolves it. */
function deferred() {
  let resolve = () => {}
  const promise = new Promise<void>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

export async function scriptedProxy(
  target: string,
  script: readonly Step[],
  gate?: (method: string, path: string) => Promise<void> | undefined,
) {
  const { hostname, port } = new URL(target)
  const releases = script.map(deferred)
  const answered = script.map(deferred)
  let posts = 0
  const forward = (req: IncomingMessage, body: Buffer) =>
    new Promise<Answer>((resolve, reject) => {
      const out = send(
        { host: hostname, port, method: req.method, path: req.url, headers: req.headers },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 502, body: Buffer.concat(chunks) }),
          )
        },
      )
      out.on('error', reject)
      out.end(body)
    })
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', async () => {
      const body = Buffer.concat(chunks)
      const index = req.method === 'POST' ? posts++ : -1
      const step: Step = script[index] ?? 'pass'
      const reply = async (answer: Answer) => {
        await gate?.(req.method ?? 'GET', new URL(req.url ?? '/', target).pathname)
        if (res.destroyed) return
        res.writeHead(answer.status, {
          'content-type': 'application/json',
          'content-length': answer.body.length,
        })
        res.end(answer.body)
      }
      if (step === 'dropBefore') {
        const earlier = script
          .slice(0, index)
          .flatMap((s, i) => (s === 'holdBefore' ? [] : [answered[i]?.promise]))
        await Promise.all(earlier)
        answered[index]?.resolve()
        req.socket.destroy()
        return
      }
      if (step === 'holdBefore') await releases[index]?.promise
      const answer = await forward(req, body)
      answered[index]?.resolve()
      if (step === 'dropAfter') return req.socket.destroy()
      if (step === 'hold') await releases[index]?.promise
      await reply(answer)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Lets a held step go on. */
    release: (step: number) => releases[step]?.resolve(),
    /** Resolves when the sandbox answered the step's request (`dropBefore`: when it was dropped). */
    answered: (step: number) => answered[step]?.promise,
    close: () => {
      for (const release of releases) release.resolve()
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
