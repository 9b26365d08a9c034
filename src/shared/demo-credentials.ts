/**
 * The demo's credentials: Crate uses them when no Spotify or Paddle app is configured, and the bundled emulators
 * accept them, so both sides read them from here.
 */
export const demoCredentials = {
  spotifyClientId: "crate-demo-client",
  spotifyClientSecret: "crate-demo-secret",
  paddleApiKey: "pdl_demo_apikey_crate",
  paddleClientToken: "test_demo_client_token",
  paddlePriceId: "pri_01crateyearlydemo0000000",
  paddleWebhookSecret: "pdl_ntfset_demo_webhook_secret",
  adminSpotifyId: "crate-admin",
} as const;
