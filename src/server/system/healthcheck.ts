// `crate healthcheck`: the container's HEALTHCHECK (the image has no shell, curl or wget): asks this machine's
// Crate on PORT for /api/health and answers whether it said ok.
const TIMEOUT_MS = 5000;

export async function probeHealth(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = (await res.json()) as { status?: unknown };
    return res.ok && body.status === "ok";
  } catch {
    return false;
  }
}
