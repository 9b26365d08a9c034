// What a power loss can leave of a SQLite database in WAL mode: the main file and a WAL without its last
// commits (frames written but never synced). Reads the WAL format (sqlite.org/fileformat2.html#walformat).
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";

const WAL_HEADER = 32;
const FRAME_HEADER = 24;

/** Byte offsets just past each commit frame of the WAL's current generation (same salts as its header). */
export function walCommitEnds(wal: Uint8Array): number[] {
  if (wal.length < WAL_HEADER) return [];
  const view = new DataView(wal.buffer, wal.byteOffset, wal.byteLength);
  const pageSize = view.getUint32(8);
  const salt1 = view.getUint32(16);
  const salt2 = view.getUint32(20);
  const frame = FRAME_HEADER + pageSize;
  const ends: number[] = [];
  for (let at = WAL_HEADER; at + frame <= wal.length; at += frame) {
    if (view.getUint32(at + 8) !== salt1 || view.getUint32(at + 12) !== salt2) break;
    if (view.getUint32(at + 4) !== 0) ends.push(at + frame);
  }
  return ends;
}

/**
 * How many frames of the WAL a checkpoint has copied into the database file: `nBackfill` of the shared-memory
 * index (the checkpoint info after its two 48-byte headers, in the machine's byte order, little-endian here).
 */
function backfilledFrames(path: string): number {
  if (!existsSync(`${path}-shm`)) return 0;
  const shm = readFileSync(`${path}-shm`);
  return shm.length >= 100 ? shm.readUInt32LE(96) : 0;
}

/**
 * How many commits the WAL of the database at `path` holds beyond what a checkpoint copied into the database
 * file (0 without a WAL): the commits a power loss can take away (a checkpoint syncs the WAL before copying).
 */
export function walCommitsOf(path: string): number {
  if (!existsSync(`${path}-wal`)) return 0;
  const wal = readFileSync(`${path}-wal`);
  const backfilledEnd = WAL_HEADER + backfilledFrames(path) * (FRAME_HEADER + walPageSize(wal));
  return walCommitEnds(wal).filter((end) => end > backfilledEnd).length;
}

const walPageSize = (wal: Uint8Array) =>
  wal.length < WAL_HEADER ? 0 : new DataView(wal.buffer, wal.byteOffset, wal.byteLength).getUint32(8);

/**
 * Copies `from` (database and WAL, not the shared-memory index) to `to`, dropping the WAL's last `commits`
 * commits as a power loss before they were synced would. Returns how many commits were dropped.
 */
export function copyWithoutLastCommits(from: string, to: string, commits: number): number {
  copyFileSync(from, to);
  if (!existsSync(`${from}-wal`)) return 0;
  const wal = readFileSync(`${from}-wal`);
  const ends = walCommitEnds(wal);
  const keep = Math.max(0, ends.length - commits);
  if (commits > walCommitsOf(from))
    throw new Error(
      "a checkpoint copied commits to drop into the database file: a power loss cannot lose them",
    );
  const cut = keep === 0 ? WAL_HEADER : (ends[keep - 1] as number);
  writeFileSync(`${to}-wal`, wal.subarray(0, cut));
  return ends.length - keep;
}
