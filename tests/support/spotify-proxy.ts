// Spotify as the emulator answers it, seen through a proxy that changes some answers: for quirks of the real
// service the emulator does not model (a listing that lags behind a write, odd fields in an item).
export interface RewritingProxy {
  /** the Web API base to give Crate as SPOTIFY_API_URL */
  apiUrl: string;
  /** where calls go on: the emulator's origin (set once it runs) */
  setTarget(origin: string): void;
  stop(): void;
}

/**
 * `rewrite` gets each call and the emulator's answer to it and returns the answer Crate sees (the emulator's own
 * when it returns undefined).
 */
export function rewritingProxy(
  rewrite: (req: Request, answer: Response) => Promise<Response | undefined> | Response | undefined,
): RewritingProxy {
  let target = "";
  const server = Bun.serve({
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      const answer = await fetch(`${target}${url.pathname}${url.search}`, {
        method: req.method,
        headers: req.headers,
        body: req.method === "GET" || req.method === "HEAD" ? undefined : await req.arrayBuffer(),
      });
      return (await rewrite(new Request(url, { method: req.method }), answer)) ?? answer;
    },
  });
  return {
    apiUrl: `http://127.0.0.1:${server.port}/emulator/spotify/v1`,
    setTarget: (origin) => {
      target = origin.replace("//localhost:", "//127.0.0.1:");
    },
    stop: () => server.stop(true),
  };
}
