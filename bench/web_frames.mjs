// Frame times of the web build in headless Chromium: the page draws in an animation frame only when
// something changed (app/run/main_loop_web.cpp), so the intervals between animation frames are the
// frame times while the mouse moves (each move is a change), whenever a frame takes longer than the
// display's 16.7 ms; left alone, the page draws nothing and the intervals are the display's. Measured for the default views, first
// left alone, then while the mouse sweeps over the heatmap (hover readouts, a redrawn plot).
// Usage: node bench/web_frames.mjs URL [SECONDS]  (bench/web_frames.sh serves the page)
import { createRequire } from "node:module";

// puppeteer-core as tests/web installs it (its lock file), not a second copy.
const puppeteer = createRequire(new URL("../tests/web/package.json", import.meta.url))("puppeteer-core");

const [url, secondsText] = process.argv.slice(2);
const seconds = Number(secondsText ?? 5);
const chromium = process.env.CHROMIUM ?? "/usr/bin/chromium";

// Median, 95th percentile and mean of the intervals, in ms.
function summary(intervals) {
  const sorted = [...intervals].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const mean = sorted.reduce((s, v) => s + v, 0) / sorted.length;
  return `${sorted.length} frames: median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, ` +
         `mean ${mean.toFixed(1)} ms (${(1000 / mean).toFixed(1)} fps)`;
}

// Animation-frame timestamps recorded in the page for `ms`, while `during` runs.
async function record(page, ms, during) {
  await page.evaluate(() => {
    window.pelabFrames = [];
    const tick = (t) => {
      window.pelabFrames.push(t);
      if (!window.pelabFramesStop) requestAnimationFrame(tick);
    };
    window.pelabFramesStop = false;
    requestAnimationFrame(tick);
  });
  await during(ms);
  const stamps = await page.evaluate(() => {
    window.pelabFramesStop = true;
    return window.pelabFrames;
  });
  return stamps.slice(1).map((t, i) => t - stamps[i]);
}

const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,  // WebGL 2 through SwiftShader, as tests/web/test_web.mjs runs it
  args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist",
         "--window-size=1280,800"],
});
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  await page.goto(url, { waitUntil: "load" });
  await page.evaluate(() => window.pelab.ready);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idle = await record(page, seconds * 1000, (ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  console.log(`web_frames: default views, idle: ${summary(idle)}`);
  const moving = await record(page, seconds * 1000, async (ms) => {
    const start = Date.now();
    for (let step = 0; Date.now() - start < ms; ++step) {
      // Back and forth over the heatmap of the default layout at 1280 x 800.
      const x = 700 + 300 * Math.abs(((step / 60) % 2) - 1), y = 200 + (step % 200);
      await page.mouse.move(x, y);
      await new Promise((resolve) => setTimeout(resolve, 8));
    }
  });
  console.log(`web_frames: default views, mouse moving over the heatmap: ${summary(moving)}`);
} finally {
  await browser.close();
}
