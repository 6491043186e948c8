// Benchmark: the gallery's image pipeline on a 24-megapixel JPEG, beside
// sharp's own bare resize of the same file, in the same run.
//   node bench/image-pipeline.ts [runs]
// Each measurement runs in a fresh child process so its peak memory is its own.
// The figure to watch is the ratio: the pipeline writes five files (display
// JPEG and four grid images) from one decode, so about 1.5-3x the bare resize,
// plus the deep-zoom renditions (2400 and 6000 wide), each in a streamed pass
// from the original; those alone ("zoom") should stay near the bare resize.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";

const [, script, phase, file, dir] = process.argv;

if (phase === "bare" || phase === "pipeline" || phase === "zoom") {
  const started = performance.now();
  if (phase === "bare") {
    await sharp(file).rotate().resize({ width: 1200, height: 800, fit: "inside" }).jpeg({ quality: 95 }).toFile(path.join(dir, "bare.jpg"));
  } else if (phase === "zoom") {
    const { mediaStore } = await import("#app/.server/media/storage.ts");
    const { writeZoomRenditions } = await import("#app/.server/media/pipeline.ts");
    const { zoomWidths } = await import("#app/lib/media.ts");
    const store = mediaStore({ dataDir: dir, uploads: { maxBytes: 200 * 1024 * 1024, maxPixels: 100_000_000 } });
    await writeZoomRenditions(store, file, dir, zoomWidths(6000, 1200));
  } else {
    const { mediaStore } = await import("#app/.server/media/storage.ts");
    const { prepareImage } = await import("#app/.server/media/pipeline.ts");
    const store = mediaStore({ dataDir: dir, uploads: { maxBytes: 200 * 1024 * 1024, maxPixels: 100_000_000 } });
    const copy = path.join(dir, "upload.jpg");
    fs.copyFileSync(file, copy);
    const t = performance.now();
    await prepareImage(store, { path: copy, name: "upload.jpg", size: fs.statSync(copy).size });
    console.log(JSON.stringify({ ms: performance.now() - t, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
    process.exit(0);
  }
  console.log(JSON.stringify({ ms: performance.now() - started, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
  process.exit(0);
}

const runs = Number(phase ?? 5);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "seima-bench-"));
const photo = path.join(work, "24mp.jpg");
// A photograph-like 6000 x 4000 picture: smooth gradients with film grain.
await sharp({
  create: { width: 6000, height: 4000, channels: 3, background: "#8a7050", noise: { type: "gaussian", mean: 120, sigma: 30 } },
})
  .blur(1.2)
  .jpeg({ quality: 92 })
  .toFile(photo);
console.log(`input: 6000x4000 JPEG, ${(fs.statSync(photo).size / 1024 / 1024).toFixed(1)} MB; ${runs} runs each, alternating`);

function measure(kind: string) {
  const dir = fs.mkdtempSync(path.join(work, `${kind}-`));
  const out = execFileSync(process.execPath, [script, kind, photo, dir], { encoding: "utf8" });
  fs.rmSync(dir, { recursive: true, force: true });
  return JSON.parse(out.trim().split("\n").pop()!) as { ms: number; maxRssMb: number };
}

const results: Record<string, { ms: number; maxRssMb: number }[]> = { bare: [], pipeline: [], zoom: [] };
for (let i = 0; i < runs; i++) {
  results.bare.push(measure("bare"));
  results.zoom.push(measure("zoom"));
  results.pipeline.push(measure("pipeline"));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const row = (kind: string) => ({ ms: median(results[kind].map((r) => r.ms)), mb: median(results[kind].map((r) => r.maxRssMb)) });
const bare = row("bare");
const pipeline = row("pipeline");
const zoom = row("zoom");
console.log(`sharp bare resize (1 file):     ${bare.ms.toFixed(0).padStart(6)} ms   peak ${bare.mb.toFixed(0)} MB`);
console.log(`deep-zoom renditions (2 files): ${zoom.ms.toFixed(0).padStart(6)} ms   peak ${zoom.mb.toFixed(0)} MB`);
console.log(`gallery pipeline (7 files):     ${pipeline.ms.toFixed(0).padStart(6)} ms   peak ${pipeline.mb.toFixed(0)} MB`);
console.log(`ratio zoom / bare:              time ${(zoom.ms / bare.ms).toFixed(2)}x   memory ${(zoom.mb / bare.mb).toFixed(2)}x`);
console.log(`ratio pipeline / bare:          time ${(pipeline.ms / bare.ms).toFixed(2)}x   memory ${(pipeline.mb / bare.mb).toFixed(2)}x`);
fs.rmSync(work, { recursive: true, force: true });
