// The loop every source's lookup shares: ask about what may be asked, in rounds, and remember each round's answer.
import type { Db } from "../../db/client.ts";
import { askable, type LookupKind, recordLookups } from "./lookups-repository.ts";

export interface Rounds {
  source: string;
  kind: LookupKind;
  /** keys per call */
  size: number;
  /** a smaller first round, to learn cheaply whether the source still answers */
  firstSize?: number;
  now: () => number;
  /** told after each round is remembered (a later source of the same fact may then ask about its keys) */
  recorded?: () => void;
}

/**
 * Asks about the candidates the source may be asked about now, round by round. `ask` stores what its round
 * found and returns the keys found, or "stop" to end there (that round is not remembered). Each round is
 * remembered before the next is asked, so a failure keeps what arrived.
 */
export async function askInRounds(
  db: Db,
  rounds: Rounds,
  candidates: readonly string[],
  ask: (round: string[]) => Promise<ReadonlySet<string> | "stop">,
): Promise<void> {
  const keys = askable(db, rounds.source, rounds.kind, candidates, rounds.now());
  for (let i = 0; i < keys.length; ) {
    const size = i === 0 && rounds.firstSize ? rounds.firstSize : rounds.size;
    const round = keys.slice(i, i + size);
    i += size;
    const found = await ask(round);
    if (found === "stop") return;
    recordLookups(db, rounds.source, rounds.kind, round, found, rounds.now());
    rounds.recorded?.();
  }
}
