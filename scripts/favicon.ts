// Writes src/client/favicon.ico from src/client/favicon.svg: the icon drawn by Chromium at 16, 32 and 48 px, each
// kept as a PNG inside one ICO file (the form every browser and feed reader asks for at /favicon.ico). Run it again
// after changing the SVG; the ICO is committed, so neither the build nor the server needs a browser.
//   bun scripts/favicon.ts
import { join } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/browser.ts";

const SIZES = [16, 32, 48] as const;
const client = join(import.meta.dir, "../src/client");
const svg = await Bun.file(join(client, "favicon.svg")).text();

/** An ICO file holding each PNG as one image (the ICONDIR header, one entry per image, then the images). */
function icoOf(images: { size: number; png: Uint8Array }[]): Uint8Array {
  const header = 6 + 16 * images.length;
  const out = new Uint8Array(header + images.reduce((sum, image) => sum + image.png.byteLength, 0));
  const view = new DataView(out.buffer);
  view.setUint16(2, 1, true); // type: icon
  view.setUint16(4, images.length, true);
  let offset = header;
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    view.setUint8(entry, size % 256); // 0 means 256
    view.setUint8(entry + 1, size % 256);
    view.setUint16(entry + 4, 1, true); // colour planes
    view.setUint16(entry + 6, 32, true); // bits per pixel
    view.setUint32(entry + 8, png.byteLength, true);
    view.setUint32(entry + 12, offset, true);
    out.set(png, offset);
    offset += png.byteLength;
  });
  return out;
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const images = [];
  for (const size of SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    const png = await page.screenshot({ omitBackground: true, type: "png" });
    images.push({ size, png: new Uint8Array(png) });
    await page.close();
  }
  const ico = icoOf(images);
  await Bun.write(join(client, "favicon.ico"), ico);
  console.log(`src/client/favicon.ico: ${SIZES.join(", ")} px, ${ico.byteLength} bytes`);
} finally {
  await browser.close();
}
