/**
 * How long the data shown on /settings/my-data stays as it is: asked at the tap on "Show my data" (so it travels
 * while the page's script loads and renders, the slow phone's wait), then not asked again as the page opens.
 */
export const MY_DATA_FRESH_MS = 10_000;
