// The open metadata sources: one cheap request each with Crate's User-Agent, and a contact in it that MetaBrainz
// (and the others) can reach: MusicBrainz refuses anonymous or generic agents and may block an unreachable one.
import type { MetadataSourceName } from "../../shared/metadata-sources.ts";
import type { Config } from "../config/config.ts";
import { userAgentFor } from "../sources/http.ts";
import { type CheckResult, failed, ok, type Probe, shown, skipped } from "./check.ts";

/** A request each source answers cheaply whether or not it knows the song or artist asked about. */
const cheapRequests: Record<Exclude<MetadataSourceName, "spotify">, (config: Config) => string> = {
  reccobeats: (c) => `${c.metadata.reccobeatsUrl}/audio-features?ids=4uLU6hMCjMI75M1A2tKUQC`,
  musicbrainz: (c) =>
    `${c.metadata.musicbrainzUrl}/url?resource=${encodeURIComponent("https://open.spotify.com/artist/0OdUWJ0sBjDrqHygGUXeCF")}&inc=artist-rels&fmt=json`,
  deezer: (c) => `${c.metadata.deezerUrl}/track/isrc:USUM71703861`,
};

const urlSetting: Record<Exclude<MetadataSourceName, "spotify">, string> = {
  reccobeats: "RECCOBEATS_URL",
  musicbrainz: "MUSICBRAINZ_URL",
  deezer: "DEEZER_URL",
};

export async function checkMetadataSources(config: Config, probe: Probe): Promise<CheckResult[]> {
  const sources = config.metadata.sources.filter(
    (s): s is Exclude<MetadataSourceName, "spotify"> => s !== "spotify",
  );
  if (sources.length === 0)
    return [skipped("Metadata sources", "METADATA_SOURCES=spotify: no open source is asked")];
  const userAgent = userAgentFor(config.metadata.contact);
  const results = [contactResult(config)];
  for (const source of sources) {
    const url = cheapRequests[source](config);
    const name = `Metadata source ${source}`;
    const answer = await probe(url, { headers: { "user-agent": userAgent, accept: "application/json" } });
    if (!answer.reached) {
      results.push(
        failed(
          name,
          `${shown(url.split("?")[0] ?? url)} ${answer.error}: check ${urlSetting[source]} and the network, or leave ${source} out of METADATA_SOURCES`,
        ),
      );
    } else if (answer.status === 403) {
      results.push(
        failed(name, `refused Crate's User-Agent (HTTP 403): set MUSICBRAINZ_CONTACT to an e-mail or URL`),
      );
    } else if (answer.status >= 400 && answer.status !== 404) {
      results.push(failed(name, `answered HTTP ${answer.status}: check ${urlSetting[source]}`));
    } else results.push(ok(name, `answered (HTTP ${answer.status})`));
  }
  return results;
}

/** The contact must be somewhere a source's operators can write to: not a loopback or private address. */
function contactResult(config: Config): CheckResult {
  const name = "Metadata User-Agent contact";
  const contact = config.metadata.contact;
  if (config.demoMode) return ok(name, `${contact} (the demo's emulators)`);
  if (contact.includes("@") && !contact.startsWith("http")) return ok(name, contact);
  let host = "";
  try {
    host = new URL(contact).hostname;
  } catch {
    return failed(name, `MUSICBRAINZ_CONTACT "${contact}" is neither an e-mail nor a URL`);
  }
  if (isLocalHost(host))
    return failed(
      name,
      `${contact} is not reachable from outside this machine: set MUSICBRAINZ_CONTACT to an e-mail or a public URL (MusicBrainz asks for one)`,
    );
  return ok(name, contact);
}

const isLocalHost = (host: string) =>
  host === "localhost" ||
  host === "[::1]" ||
  /^127\./.test(host) ||
  /^10\./.test(host) ||
  /^192\.168\./.test(host) ||
  /^172\.(1[6-9]|2\d|3[01])\./.test(host) ||
  host.endsWith(".local");
