// The page where a lecturer puts it (tests/web/test_web.sh starts the servers): served by a plain
// `python3 -m http.server` (no headers, as GitHub Pages), inside a plain page's iframe on another
// origin (a course page), opened from disk (pelab.html), and by scripts/serve-web.sh (cross-origin
// isolated). Each place must pick its build, reach window.pelab.ready, draw and take a link; an idle
// page must stay idle; a resize while loading must throw nothing; <html lang> follows the UI language;
// a browser without WebGL 2 or WebAssembly gets one sentence and a rejected window.pelab.ready.
// Usage: node test_web_places.mjs DIST PLAIN_URL COURSE_URL ISOLATED_URL NATIVE_EN.png OUT_DIR
// Prints one line per check and the numbers bench/RESULTS.md keeps (first frame, idle busy share,
// each build's time and longest task for a 2000 x 1600 change); writes them to OUT_DIR/places.json.
import fs from "node:fs";
import path from "node:path";
import puppeteer from "puppeteer-core";
import { PNG } from "pngjs";

const [dist, plainUrl, courseUrl, isolatedUrl, nativeEnglish, outDir] = process.argv.slice(2);
const width = 1280, height = 800;
const idleSeconds = Number(process.env.PELAB_WEB_IDLE_SECONDS ?? 10);

function fail(message) {
  console.error(`test_web_places: FAIL: ${message}`);
  process.exit(1);
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// As test_web.mjs: pixels whose largest channel difference exceeds `tolerance`, as a fraction.
function differingFraction(a, b, tolerance) {
  if (a.width !== b.width || a.height !== b.height) fail(`picture sizes differ: ${a.width}x${a.height} vs ${b.width}x${b.height}`);
  let differing = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const d = Math.max(Math.abs(a.data[i] - b.data[i]), Math.abs(a.data[i + 1] - b.data[i + 1]), Math.abs(a.data[i + 2] - b.data[i + 2]));
    if (d > tolerance) ++differing;
  }
  return differing / (a.width * a.height);
}

// A new page that records errors and failed requests; `before` runs in it before the page's scripts.
async function newPage(browser, problems, before = null, arg = null) {
  const page = await browser.newPage();
  await page.setViewport({ width, height });
  page.on("console", (message) => { if (message.type() === "error") problems.push(`console error: ${message.text()}`); });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("requestfailed", (request) => problems.push(`request failed: ${request.url()}`));
  if (before) await page.evaluateOnNewDocument(before, arg);
  return page;
}

// Which build the frame loaded: the program's script among the page's resources.
const buildOf = (frame) => frame.evaluate(() => {
  const names = performance.getEntriesByType("resource").map((entry) => entry.name);
  if (window.pelabEmbedded) return "embedded";
  return names.some((name) => name.endsWith("/pelab-st.js")) ? "without threads"
       : names.some((name) => name.endsWith("/pelab.js")) ? "threaded" : "none";
});

// The share of wall time the page's main thread was busy over `seconds` (CDP's TaskDuration).
async function busyShare(page, seconds) {
  const cdp = await page.createCDPSession();
  await cdp.send("Performance.enable");
  const taskSeconds = async () => (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === "TaskDuration").value;
  const startTask = await taskSeconds(), startWall = performance.now();
  await sleep(1000 * seconds);
  const share = (await taskSeconds() - startTask) / ((performance.now() - startWall) / 1000);
  await cdp.detach();
  return share;
}

const state = async (frame) => JSON.parse(await frame.evaluate(() => window.pelab.state()));

// Opens `address`, checks the build it chose, its first frame with data, its picture against the
// native one (same arguments), a link's state, then idle and wake-up. Returns the numbers.
async function checkPlace(browser, name, address, expectedBuild, { idle = true } = {}) {
  const problems = [];
  const page = await newPage(browser, problems);
  const started = performance.now();
  await page.goto(address, { waitUntil: "load" });
  await page.evaluate(() => window.pelab.ready);
  const firstFrameMs = performance.now() - started;
  const build = await buildOf(page);
  if (build !== expectedBuild) fail(`${name}: the page loaded the ${build} build, not the ${expectedBuild} one`);
  const live = await state(page);
  if (live.configs[0].selection.position !== 9) fail(`${name}: the link ?p=9 opened p = ${live.configs[0].selection.position}`);
  const numbers = { firstFrameMs };
  const words = () => page.$eval("#state", (element) => element.textContent);
  const expectedWords = (p) => `${live.configs[0].positions}, D ${live.configs[0].dims}, p ${p}`;
  if (!(await words()).includes(expectedWords(9))) fail(`${name}: the live text says ${JSON.stringify(await words())}, not p 9`);
  if (idle) {
    await sleep(1000);
    numbers.idleBusy = await busyShare(page, idleSeconds);
    if (numbers.idleBusy >= 0.05) fail(`${name}: the idle page's main thread was busy ${(100 * numbers.idleBusy).toFixed(1)} % of ${idleSeconds} s (goal < 5 %)`);
    // Input wakes it: ArrowDown moves p, and the new p's data is drawn (a computation's end wakes it).
    await page.mouse.click(700, 300);
    for (let i = 0; i < 3; ++i) { await page.keyboard.press("ArrowDown"); await sleep(50); }
    for (let i = 0; i < 100 && (await state(page)).configs[0].selection.position !== 12; ++i) await sleep(100);
    if ((await state(page)).configs[0].selection.position !== 12) fail(`${name}: ArrowDown on the idle page did not move p to 12`);
    for (let i = 0; i < 50 && !(await words()).includes(expectedWords(12)); ++i) await sleep(100);
    if (!(await words()).includes(expectedWords(12))) fail(`${name}: the live text says ${JSON.stringify(await words())} after p moved to 12`);
  }
  if (problems.length) fail(`${name}: ${problems.join("\n")}`);
  return { page, numbers };
}

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist",
         "--allow-file-access-from-files=false"],
});
const timeout = setTimeout(() => fail("timed out after 400 s"), 400000);
const results = {};
try {
  const native = PNG.sync.read(fs.readFileSync(nativeEnglish));
  // 1. A plain static server: the build without threads; it draws what the native program draws.
  {
    const problems = [];
    const page = await newPage(browser, problems, (a) => { window.pelabArguments = a; }, ["--lang", "en", "--size", `${width}x${height}`]);
    await page.goto(plainUrl, { waitUntil: "load" });
    await page.evaluate(() => window.pelab.ready);
    if (await page.evaluate(() => window.crossOriginIsolated)) fail("the plain server's page is cross-origin isolated");
    if ((await buildOf(page)) !== "without threads") fail(`the plain server's page loaded the ${await buildOf(page)} build`);
    await sleep(300);
    const file = path.join(outDir, "web_plain_en.png");
    await (await page.$("#canvas")).screenshot({ path: file });
    const differing = differingFraction(PNG.sync.read(fs.readFileSync(file)), native, 48);
    if (differing > 0.01) fail(`the build without threads differs from the native picture in ${(100 * differing).toFixed(2)} % of the pixels`);
    if (await page.evaluate(() => document.documentElement.lang) !== "en") fail("<html lang> is not en in English");
    if (problems.length) fail(problems.join("\n"));
    await page.close();
    console.log(`test_web_places: python3 -m http.server: the build without threads, drawn as the native program (${(100 * differing).toFixed(2)} % of pixels differ)`);
  }
  const plain = await checkPlace(browser, "python3 -m http.server", `${plainUrl}?p=9`, "without threads");
  results.plain = plain.numbers;
  await plain.page.close();
  console.log(`test_web_places: python3 -m http.server: ?p=9 opened, first frame with data ${plain.numbers.firstFrameMs.toFixed(0)} ms, idle busy ${(100 * plain.numbers.idleBusy).toFixed(1)} %, ArrowDown woke it`);

  const isolated = await checkPlace(browser, "scripts/serve-web.sh", `${isolatedUrl}?p=9`, "threaded");
  results.isolated = isolated.numbers;
  await isolated.page.close();
  console.log(`test_web_places: scripts/serve-web.sh (isolated): the threaded build, first frame with data ${isolated.numbers.firstFrameMs.toFixed(0)} ms, idle busy ${(100 * isolated.numbers.idleBusy).toFixed(1)} %, ArrowDown woke it`);

  // 2. Inside a plain page's iframe on another origin (a course page embedding pelab).
  {
    const problems = [];
    const page = await newPage(browser, problems);
    await page.goto(courseUrl, { waitUntil: "load" });
    const frame = await (await page.waitForSelector("iframe")).contentFrame();
    await frame.evaluate(() => window.pelab.ready);
    if ((await buildOf(frame)) !== "without threads") fail(`the course page's iframe loaded the ${await buildOf(frame)} build`);
    if ((await state(frame)).configs[0].selection.position !== 5) fail("the course page's iframe did not open its link ?p=5");
    if (problems.length) fail(`iframe: ${problems.join("\n")}`);
    await page.close();
    console.log("test_web_places: a plain course page's iframe (another origin): the build without threads, its link ?p=5 opened");
  }

  // 3. pelab.html from disk: no request leaves the file; a link works; the size is the README's.
  {
    const bytes = fs.statSync(path.join(dist, "pelab.html")).size;
    if (bytes > 6e6) fail(`pelab.html is ${bytes} bytes (goal at most 6 MB)`);
    const fromDisk = await checkPlace(browser, "pelab.html from disk", `file://${path.resolve(dist)}/pelab.html?p=9`, "embedded", { idle: false });
    results.file = { ...fromDisk.numbers, bytes };
    const requests = await fromDisk.page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name).filter((n) => !n.startsWith("blob:")));
    if (requests.length) fail(`pelab.html from disk asked for ${requests.join(", ")}`);
    await fromDisk.page.close();
    console.log(`test_web_places: pelab.html (${bytes} bytes) from file://: ?p=9 opened, first frame with data ${fromDisk.numbers.firstFrameMs.toFixed(0)} ms, nothing fetched`);
  }

  // 4. What is missing is said in one sentence, which stays; window.pelab.ready rejects with it.
  const refusal = async (what, address, before, expected) => {
    const problems = [];
    const page = await newPage(browser, problems, before);
    await page.goto(address, { waitUntil: "load" });
    const reason = await page.evaluate(() => window.pelab.ready.then(() => "resolved", (error) => error.message));
    await sleep(1500);  // emscripten's status line must not take its place
    const shown = await page.$eval("#status", (element) => (element.hidden ? "" : element.textContent));
    if (!reason.includes(expected) || shown !== reason) fail(`${what}: ready gave ${JSON.stringify(reason)}, the page shows ${JSON.stringify(shown)}`);
    await page.close();
    console.log(`test_web_places: ${what}: "${shown}"`);
  };
  await refusal("no WebGL 2", plainUrl, () => {
    const get = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (kind, ...rest) { return kind === "webgl2" ? null : get.call(this, kind, ...rest); };
  }, "WebGL 2");
  await refusal("no WebAssembly", plainUrl, () => { delete window.WebAssembly; }, "too old");
  await refusal("index.html from disk", `file://${path.resolve(dist)}/index.html`, null, "pelab.html");

  // 5. Resizes while the page loads throw nothing, and the canvas ends at the last size; 6. Korean
  //    sets <html lang="ko">.
  for (const [name, address] of [["plain", plainUrl], ["isolated", isolatedUrl]]) {
    const problems = [];
    const page = await newPage(browser, problems, (a) => { window.pelabArguments = a; }, ["--lang", "ko"]);
    const loading = page.goto(address, { waitUntil: "load" });
    for (let i = 0; i < 12; ++i) {
      await page.setViewport({ width: 900 + 40 * (i % 4), height: 600 + 30 * (i % 3) });
      await sleep(120);
    }
    await page.setViewport({ width: 1000, height: 700 });
    await loading;
    await page.evaluate(() => window.pelab.ready);
    await sleep(500);
    const canvas = await page.$eval("#canvas", (element) => [element.width, element.height]);
    if (canvas.join("x") !== "1000x700") fail(`${name}: after resizes during the load the canvas is ${canvas.join("x")}, not 1000x700`);
    if (await page.evaluate(() => document.documentElement.lang) !== "ko") fail(`${name}: <html lang> is not ko in Korean`);
    const label = await page.$eval("#canvas", (element) => element.getAttribute("aria-label"));
    if (!label) fail("the canvas has no accessible name");
    if (problems.length) fail(`${name}: resizing during the load: ${problems.join("\n")}`);
    await page.close();
    console.log(`test_web_places: ${name}: 13 resizes during the load threw nothing, the canvas fits 1000x700; Korean sets <html lang="ko">`);
  }

  // 7. A seed-size change (base 10000 -> 100 at 2000 x 1600: the whole table again) in each build: the
  //    time until every view's data is drawn, and the longest task meanwhile (frames and, without
  //    threads, the compute slices; the goal is none over 50 ms). The sidebar's "set 100" button.
  const baseButton = JSON.parse(process.env.PELAB_WEB_BASE_100 ?? "[249, 305]");
  for (const [name, address] of [["without threads", plainUrl], ["threaded", isolatedUrl]]) {
    const problems = [];
    const page = await newPage(browser, problems, () => {
      window.pelabLongTasks = [];
      new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.pelabLongTasks.push([entry.startTime, entry.duration]); })
        .observe({ type: "longtask", buffered: true });
    });
    await page.goto(`${address}?c=sinusoidal:positions=2000,dims=1600`, { waitUntil: "load" });
    await page.evaluate(() => window.pelab.ready);
    const live = (await state(page)).configs[0];
    if (live.positions !== 2000 || live.dims !== 1600) fail(`${name}: the 2000 x 1600 link opened ${live.positions} x ${live.dims}`);
    await sleep(1000);
    const clickedAt = await page.evaluate(() => performance.now());
    await page.mouse.click(baseButton[0], baseButton[1]);
    let settledAt = null;
    for (let i = 0; i < 600 && settledAt === null; ++i) {
      settledAt = await page.evaluate(() => (window.pelab.settled() && JSON.parse(window.pelab.state()).configs[0].base === 100 ? performance.now() : null));
      if (settledAt === null) await sleep(10);
    }
    if (settledAt === null) fail(`${name}: the click at ${baseButton} did not set base 100 at 2000 x 1600 within 6 s`);
    await sleep(300);  // the frames that draw the new data end
    const tasks = await page.evaluate((from) => window.pelabLongTasks.filter(([start]) => start >= from), clickedAt);
    const longest = Math.max(0, ...tasks.map(([, duration]) => duration));
    results[name === "threaded" ? "changeThreaded" : "changeWithoutThreads"] = { ms: settledAt - clickedAt, longestMs: longest, longTasks: tasks.length };
    if (problems.length) fail(`${name}: ${problems.join("\n")}`);
    await page.close();
    console.log(`test_web_places: ${name}, base 10000 -> 100 at 2000 x 1600: computed in ${(settledAt - clickedAt).toFixed(0)} ms; longest task meanwhile ${longest.toFixed(0)} ms (${tasks.length} over 50 ms)`);
  }
  fs.writeFileSync(path.join(outDir, "places.json"), JSON.stringify(results, null, 1));
  console.log("test_web_places: all checks passed");
} finally {
  clearTimeout(timeout);
  await browser.close();
}
