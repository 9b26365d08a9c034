// In demo mode the providers are the emulators the server mounts: the doctor starts the same ones (with the demo's
// own credentials, as a provider would hold them) on a free loopback port, in memory, and checks against them.
import { createEmulators } from "../../emulators/index.ts";
import { demoCredentials } from "../../shared/demo-credentials.ts";
import { paddleWebhookPath, signInCallbackPath } from "../../shared/self-hosting.ts";
import type { Config } from "../config/config.ts";

export interface DemoProviders {
  /** the configuration with every URL that named the mounted emulators pointed at these */
  config: Config;
  stop(): Promise<void>;
}

export function startDemoProviders(config: Config): DemoProviders {
  const emulators = createEmulators({
    databasePath: ":memory:",
    spotify: {
      clientId: demoCredentials.spotifyClientId,
      clientSecret: demoCredentials.spotifyClientSecret,
      app: config.spotifyEmulatorApp,
      // the demo's app has the server's own callback registered
      redirectUris: [`${config.publicUrl}${signInCallbackPath}`],
    },
    paddle: {
      apiKey: demoCredentials.paddleApiKey,
      webhookSecret: demoCredentials.paddleWebhookSecret,
      priceId: demoCredentials.paddlePriceId,
      webhookUrl: `${config.publicUrl}${paddleWebhookPath}`,
    },
  });
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: (req, srv) => emulators.fetch(req, srv),
  });
  const mounted = `${config.publicUrl}/emulator`;
  const local = `http://127.0.0.1:${server.port}/emulator`;
  const moved = (url: string) => (url.startsWith(mounted) ? local + url.slice(mounted.length) : url);
  return {
    config: {
      ...config,
      spotify: {
        ...config.spotify,
        accountsUrl: moved(config.spotify.accountsUrl),
        apiUrl: moved(config.spotify.apiUrl),
      },
      paddle: { ...config.paddle, apiUrl: moved(config.paddle.apiUrl) },
      metadata: {
        ...config.metadata,
        urls: Object.fromEntries(
          Object.entries(config.metadata.urls).map(([name, url]) => [name, moved(url)]),
        ) as typeof config.metadata.urls,
      },
    },
    async stop() {
      await server.stop(true);
      emulators.close();
    },
  };
}
