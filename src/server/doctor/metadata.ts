// The open metadata sources: one cheap request each with Crate's User-Agent, and a contact in it that MetaBrainz
// (and the others) can reach: MusicBrainz refuses anonymous or generic agents and may block an unreachable one.
import {
  metadataUrlSetting,
  type OpenMetadataSourceName,
  openMetadataSourceNames,
} from "../../shared/metadata-sources.ts";
import type { Config } from "../config/config.ts";
import { userAgentFor } from "../metadata/source-base/http.ts";
import { metadataSourceProbe } from "../metadata/sources/clients.ts";
import { type CheckResult, failed, ok, type Probe, shown, skipped } from "./check.ts";

export async function checkMetadataSources(config: Config, probe: Probe): Promise<CheckResult[]> {
  const sources = config.metadata.sources.filter((s): s is OpenMetadataSourceName =>
    openMetadataSourceNames.includes(s as OpenMetadataSourceName),
  );
  if (sources.length === 0)
    return [skipped("Metadata sources", "METADATA_SOURCES=spotify: no open source is asked")];
  const userAgent = userAgentFor(config.metadata.contact);
  const results = [contactResult(config)];
  for (const source of sources) {
    const url = metadataSourceProbe(config, source);
    const name = `Metadata source ${source}`;
    const answer = await probe(url, { headers: { "user-agent": userAgent, accept: "application/json" } });
    if (!answer.reached) {
      results.push(
        failed(
          name,
          `${shown(url.split("?")[0] ?? url)} ${answer.error}: check ${metadataUrlSetting(source)} and the network, or leave ${source} out of METADATA_SOURCES`,
        ),
      );
    } else if (answer.status === 403) {
      results.push(
        failed(name, `refused Crate's User-Agent (HTTP 403): set MUSICBRAINZ_CONTACT to an e-mail or URL`),
      );
    } else if (answer.status < 200 || answer.status >= 300) {
      results.push(failed(name, `answered HTTP ${answer.status}: check ${metadataUrlSetting(source)}`));
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
