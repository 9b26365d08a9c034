/** What a signed-out visitor reads on the way to an upgrade (/plans/login, and its early panel on /plans). */
export const plansLoginTexts = {
  title: "Sign in to upgrade",
  body: "Sign in with your Spotify account, then choose Premium on the plans page.",
  signIn: "Sign in with Spotify",
  back: "Back to plans",
} as const;

/** The page a signed-out visitor's upgrade control leads to. */
export const PLANS_LOGIN_PATH = "/plans/login";
