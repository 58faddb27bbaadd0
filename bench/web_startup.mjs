// Where the web build's start-up time goes, in headless Chromium: loads the page RUNS times, each in a
// fresh browser context (empty cache and storage, as a first visit), and reports from the page's own
// clock (milliseconds since navigation): when pelab.js, pelab.wasm and pelab.data had arrived, the
// page's marks (scripts/web/index.html, app/run/main_loop_web.cpp: the runtime started, main() ran to
// its first frame, the first frame was drawn) and window.pelab.ready (the first frame with every
// view's data). Prints each run and the median of each step.
// Usage: node bench/web_startup.mjs URL [RUNS] [QUERY]   (bench/web_startup.sh serves the page)
import { createRequire } from "node:module";

// puppeteer-core as tests/web installs it (its lock file), not a second copy.
const puppeteer = createRequire(new URL("../tests/web/package.json", import.meta.url))("puppeteer-core");

const [url, runsText, query] = process.argv.slice(2);
const runs = Number(runsText ?? 5);
const chromium = process.env.CHROMIUM ?? "/usr/bin/chromium";
if (!url || !(runs >= 1)) {
  console.error("usage: node bench/web_startup.mjs URL [RUNS] [QUERY]");
  process.exit(2);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,  // WebGL 2 through SwiftShader, as tests/web/test_web.mjs runs it
  args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist",
         "--window-size=1280,800"],
});
const steps = new Map();  // step name -> times of every run
try {
  for (let run = 1; run <= runs; ++run) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 1280, height: 800 });
    const problems = [];
    const warnings = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => { if (message.type() === "warn") warnings.push(message.text()); });
    await page.goto(url + (query ?? ""), { waitUntil: "load" });
    await page.evaluate(() => window.pelab.ready);
    const times = await page.evaluate(() => {
      const found = {};
      for (const entry of performance.getEntriesByType("resource")) {
        const name = entry.name.substring(entry.name.lastIndexOf("/") + 1);
        if (/^pelab\.(js|wasm|data)$/.test(name)) found[`${name} arrived`] = entry.responseEnd;
      }
      for (const mark of performance.getEntriesByType("mark"))
        if (mark.name.startsWith("pelab:")) found[mark.name.substring(6)] = mark.startTime;
      found["ready (first frame with data)"] = window.pelab.readyAt;
      return found;
    });
    if (problems.length) throw new Error(`run ${run}: ${problems.join("; ")}`);
    const ordered = Object.entries(times).sort((a, b) => a[1] - b[1]);
    console.log(`web_startup: run ${run}: ` + ordered.map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(", "));
    if (warnings.length) console.log(`web_startup: run ${run}: warnings: ${warnings.join(" | ")}`);
    for (const [name, ms] of ordered) steps.set(name, [...(steps.get(name) ?? []), ms]);
    await context.close();
  }
  const medians = [...steps].map(([name, values]) => [name, median(values)]).sort((a, b) => a[1] - b[1]);
  console.log(`web_startup: median of ${runs} (ms from navigation): ` +
              medians.map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(", "));
} finally {
  await browser.close();
}
