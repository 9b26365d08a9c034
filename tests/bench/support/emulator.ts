// A Spotify emulator in a child process (see emulator-main.ts) and the calls of its control API.
import { forEachLimit } from "./parallel.ts";

export const benchCredentials = {
  clientId: "benchload0c3e7f9b1d4f6a8c2e4b6d8f",
  clientSecret: "bench-load-secret",
} as const;

export interface CallLog {
  total: number;
  counts: Record<string, number>;
}

export interface EmulatorProcess {
  origin: string;
  accountsUrl: string;
  apiUrl: string;
  /** the environment that points Crate at this emulator as if it were Spotify */
  crateEnv: Record<string, string>;
  control<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  calls(): Promise<CallLog>;
  resetCalls(): Promise<void>;
  /** Web API answers by status code since the last reset */
  statuses(): Promise<Record<string, number>>;
  resetStatuses(): Promise<void>;
  /**
   * replaces the whole fault setting (e.g. `{ rateLimitPerSec: 50 }`; `{}` clears every fault); `latencyMs` also
   * delays token calls, so every provider call has the round trip
   */
  setFaults(faults: Record<string, unknown>): Promise<void>;
  /** creates listeners with `likes` deterministic likes each (the emulator seeds them by id) */
  createListeners(ids: readonly string[], likes: number, product?: "free" | "premium"): Promise<void>;
  stop(): Promise<void>;
}

export async function startEmulatorProcess(): Promise<EmulatorProcess> {
  const child = Bun.spawn(
    [
      process.execPath,
      `${import.meta.dir}/emulator-main.ts`,
      benchCredentials.clientId,
      benchCredentials.clientSecret,
    ],
    { stdout: "pipe", stderr: "inherit" },
  );
  const reader = child.stdout.getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error("the emulator process ended before it listened");
    text += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  const { origin } = JSON.parse(text.slice(0, text.indexOf("\n"))) as { origin: string };
  const accountsUrl = `${origin}/emulator/spotify/accounts`;
  const apiUrl = `${origin}/emulator/spotify/v1`;

  async function request<T>(method: string, url: string, body?: unknown): Promise<T> {
    const res = await fetch(url, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }
  const control = <T>(method: string, path: string, body?: unknown) =>
    request<T>(method, `${origin}/emulator/spotify/control${path}`, body);

  return {
    origin,
    accountsUrl,
    apiUrl,
    crateEnv: {
      SPOTIFY_CLIENT_ID: benchCredentials.clientId,
      SPOTIFY_CLIENT_SECRET: benchCredentials.clientSecret,
      SPOTIFY_ACCOUNTS_URL: accountsUrl,
      SPOTIFY_API_URL: apiUrl,
      PREMIUM: "off",
    },
    control,
    calls: () => control<CallLog>("GET", "/calls"),
    resetCalls: async () => {
      await control("DELETE", "/calls");
    },
    statuses: () => request<Record<string, number>>("GET", `${origin}/bench/statuses`),
    resetStatuses: async () => {
      await request("DELETE", `${origin}/bench/statuses`);
    },
    setFaults: async (faults) => {
      await control("PUT", "/faults", faults);
      await request("PUT", `${origin}/bench/token-latency`, { ms: faults.latencyMs ?? 0 });
    },
    createListeners: (ids, likes, product = "free") =>
      forEachLimit(ids, 16, async (id) => {
        await control("POST", "/listeners", { id, likes, product });
      }),
    async stop() {
      child.kill();
      await child.exited;
    },
  };
}
