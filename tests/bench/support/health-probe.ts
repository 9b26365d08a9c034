// A monitor in a process of its own: GET <url> every `intervalMs` until its standard input closes, then prints
// each probe's start (epoch ms) and latency (ms) as JSON. In the server's own process a blocked event loop would hold the probe's clock too
// and hide the wait; from outside, a request sent while the server is busy waits as a real client's would.
const [url, interval] = process.argv.slice(2);
const intervalMs = Number(interval ?? 5);
const probes: [number, number][] = [];
let open = true;
// nothing is sent on it; the text ends when the parent closes it
void Bun.stdin.text().then(() => {
  open = false;
});
while (open) {
  const at = Date.now();
  const started = performance.now();
  await (await fetch(url as string)).arrayBuffer();
  probes.push([at, performance.now() - started]);
  await Bun.sleep(intervalMs);
}
console.log(JSON.stringify(probes));
