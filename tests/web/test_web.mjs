// Drives pelab's web build in headless Chromium (tests/web/test_web.sh starts the server and makes the
// native reference pictures). Usage: node test_web.mjs URL NATIVE_EN.png NATIVE_KO.png OUT_DIR
// Fails (exit 1) on the first broken fact; prints one line per check and the time to the first frame.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import puppeteer from "puppeteer-core";
import { PNG } from "pngjs";

const [url, nativeEnglish, nativeKorean, outDir] = process.argv.slice(2);
const width = 1280, height = 800;
const chromium = process.env.CHROMIUM ?? "/usr/bin/chromium";

function fail(message) {
  console.error(`test_web: FAIL: ${message}`);
  process.exit(1);
}

// Pixels whose largest channel difference exceeds `tolerance`, as a fraction of all pixels.
function differingFraction(a, b, tolerance) {
  if (a.width !== b.width || a.height !== b.height)
    fail(`picture sizes differ: ${a.width}x${a.height} vs ${b.width}x${b.height}`);
  let differing = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const d = Math.max(Math.abs(a.data[i] - b.data[i]), Math.abs(a.data[i + 1] - b.data[i + 1]),
                       Math.abs(a.data[i + 2] - b.data[i + 2]));
    if (d > tolerance) ++differing;
  }
  return differing / (a.width * a.height);
}

// Opens the page with these program arguments (null: the page's own, from the query string) at
// url + query; resolves when window.pelab.ready has. Console warnings (the program's stderr) are
// collected in `warnings` when given.
async function openPelab(browser, args, problems, query = "", warnings = null) {
  const page = await browser.newPage();
  await page.setViewport({ width, height });
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
    if (warnings && message.type() === "warn") warnings.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("requestfailed", (request) => problems.push(`request failed: ${request.url()}`));
  if (args !== null) await page.evaluateOnNewDocument((a) => { window.pelabArguments = a; }, args);
  const started = performance.now();
  await page.goto(url + query, { waitUntil: "load" });
  const isolated = await page.evaluate(() => window.crossOriginIsolated);
  if (!isolated) fail("the page is not cross-origin isolated (COOP/COEP headers missing)");
  await page.evaluate(() => window.pelab.ready);
  if (!(await page.evaluate(() => performance.getEntriesByType("resource").some((e) => e.name.endsWith("/pelab.js")))))
    fail("the isolated page did not load the threaded build (pelab.js)");
  const firstFrameMs = performance.now() - started;
  return { page, firstFrameMs };
}

async function canvasPicture(page, file) {
  const canvas = await page.$("#canvas");
  const box = await canvas.boundingBox();
  if (Math.round(box.width) !== width || Math.round(box.height) !== height)
    fail(`the canvas is ${box.width}x${box.height}, not ${width}x${height}`);
  await canvas.screenshot({ path: file });
  return PNG.sync.read(fs.readFileSync(file));
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Polls `test` (async) every 100 ms for up to `seconds`; fails naming `what` if it never holds.
async function waitUntil(what, test, seconds = 20) {
  for (let i = 0; i < 10 * seconds; ++i) {
    const value = await test();
    if (value) return value;
    await sleep(100);
  }
  fail(`${what} did not happen within ${seconds} s`);
}

// The file chooser that `action` (a click, a key) opens. Puppeteer intercepts choosers only once its
// request has reached the browser, and a picker may open inside the input event itself: the
// interception is asked for first, with a moment to take effect.
async function chooserFrom(page, action, seconds = 10) {
  const choosing = page.waitForFileChooser({ timeout: 1000 * seconds });
  await sleep(500);
  await action();
  return choosing;
}

// numpy's .npy header: magic, version 1.0, the header's length, then a Python dict literal.
function parseNpy(bytes) {
  if (bytes.length < 10 || bytes.subarray(0, 6).toString("latin1") !== "\x93NUMPY")
    fail(`not an .npy file (first bytes ${JSON.stringify(bytes.subarray(0, 8).toString("latin1"))})`);
  const headerLength = bytes.readUInt16LE(8);
  const header = bytes.subarray(10, 10 + headerLength).toString("latin1");
  const shape = /'shape': \(([^)]*)\)/.exec(header);
  if (!header.includes("'descr': '<f8'") || !header.includes("'fortran_order': False") || !shape)
    fail(`unexpected .npy header ${JSON.stringify(header)}`);
  const dims = shape[1].split(",").map((d) => d.trim()).filter((d) => d).map(Number);
  const data = bytes.subarray(10 + headerLength);
  if ((10 + headerLength) % 64 !== 0) fail(`the .npy header ends at byte ${10 + headerLength}, not a multiple of 64`);
  if (data.length !== 8 * dims.reduce((a, b) => a * b, 1))
    fail(`the .npy data has ${data.length} bytes for shape (${dims})`);
  return { dims, value: (i) => data.readDoubleLE(8 * i) };
}

// 6. Exports and a saved session become browser downloads (what the Export menu and Save session
//    call, through window.pelab's hooks): the bytes that arrive are a float64 .npy of the table's
//    shape with the sinusoid's first row, its sidecar, a PNG of the asked size and the session.
async function checkDownloads(page, initialState) {
  const started = performance.now();
  const downloads = fs.mkdtempSync(path.join(outDir, "downloads-"));
  const cdp = await browser.target().createCDPSession();
  await cdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: downloads });
  const downloaded = (name) => {
    const file = path.join(downloads, name);
    return fs.existsSync(file) && fs.statSync(file).size > 0 ? fs.readFileSync(file) : null;
  };
  const live = JSON.parse(await page.evaluate(() => window.pelab.state()));
  const { positions, dims } = live.configs[0];
  if (!(await page.evaluate(() => window.pelab.exportView("heatmap", "npy")))) fail("exportView(heatmap, npy) was refused");
  const npyBytes = await waitUntil("the heatmap's .npy download", async () => downloaded("heatmap-table.npy"));
  const npy = parseNpy(npyBytes);
  if (npy.dims.join(",") !== `${positions},${dims}`) fail(`the .npy has shape (${npy.dims}), not (${positions}, ${dims})`);
  // Row 0 of the interleaved sinusoid starting at 0: sin 0 = 0, cos 0 = 1.
  if (npy.value(0) !== 0 || npy.value(1) !== 1 || npy.value(2) !== 0 || npy.value(3) !== 1)
    fail(`the .npy's first row starts ${[0, 1, 2, 3].map(npy.value)}, not 0, 1, 0, 1`);
  const sidecar = JSON.parse(await waitUntil("the .npy's sidecar download", async () => downloaded("heatmap-table.npy.json")));
  if (JSON.stringify(sidecar.shape) !== JSON.stringify([positions, dims])) fail(`the sidecar says shape ${sidecar.shape}`);
  console.log(`test_web: Export .npy downloaded heatmap-table.npy (${npyBytes.length} bytes, shape ${positions} x ${dims}) and its sidecar`);

  if (!(await page.evaluate(() => window.pelab.exportView("heatmap", "png2")))) fail("exportView(heatmap, png2) was refused");
  const png = await waitUntil("the heatmap's PNG download", async () => downloaded("heatmap-2x.png"), 60);
  const picture = PNG.sync.read(png);
  if (picture.width !== 1280 || picture.height !== 800)
    fail(`the 2x PNG of a 640 x 400 cell is ${picture.width} x ${picture.height}`);
  console.log(`test_web: Export PNG 2x downloaded heatmap-2x.png (${picture.width} x ${picture.height})`);
  if (await page.evaluate(() => window.pelab.exportView("no-such-view", "npy"))) fail("exportView accepted an unknown view");
  // The Export menu asks for no folder in the browser (files are downloads): its first row, right
  // under the button, is "PNG 1×" (on the desktop it is the folder's label, which does nothing).
  const menu = JSON.parse(process.env.PELAB_WEB_EXPORT_MENU ?? "[602, 26, 650, 48]");
  await page.mouse.click(menu[0], menu[1]);
  await sleep(1000);
  await page.screenshot({ path: path.join(outDir, "web_export_menu.png") });
  await page.mouse.click(menu[2], menu[3]);
  const firstRow = PNG.sync.read(await waitUntil("the Export menu's first row (PNG 1x) downloading",
                                                 async () => downloaded("heatmap-1x.png"), 60));
  console.log(`test_web: the Export menu's first row is PNG 1x (no folder field): heatmap-1x.png ` +
              `(${firstRow.width} x ${firstRow.height})`);

  await page.evaluate(() => window.pelab.saveSession("lecture.json"));
  const sessionText = await waitUntil("the session's download", async () => downloaded("lecture.json"));
  const session = JSON.parse(sessionText);
  if (!("pelab_session" in session)) fail("the downloaded session has no pelab_session key");
  if (session.configs[0].selection.position !== live.configs[0].selection.position ||
      session.configs[0].selection.position === initialState.configs[0].selection.position)
    fail(`the saved session has p = ${session.configs[0].selection.position}, the page ${live.configs[0].selection.position}`);
  console.log(`test_web: Save session downloaded lecture.json (p = ${session.configs[0].selection.position}, as on the page)`);

  console.log(`test_web: the downloads took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await cdp.detach();
}

// 7. Open session… and Open table… (real clicks on the sidebar's buttons, at 1280 x 1500 where the
//    whole sidebar shows) open the browser's file picker; the chosen session applies, the chosen table
//    becomes the configuration, as a dropped file does.
async function checkFilePicker() {
  const started = performance.now();
  const problems = [];
  const tall = 1500;
  const page = await browser.newPage();
  await page.setViewport({ width, height: tall });
  page.on("console", (message) => { if (message.type() === "error") problems.push(`console error: ${message.text()}`); });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  await page.evaluateOnNewDocument((a) => { window.pelabArguments = a; },
                                   ["--lang", "en", "--size", `${width}x${tall}`, "learned:seed=1"]);
  await page.goto(url, { waitUntil: "load" });
  await page.evaluate(() => window.pelab.ready);
  const stateOf = async () => JSON.parse(await page.evaluate(() => window.pelab.state()));
  const session = await stateOf();
  session.configs[0].selection.position = 5;
  session.configs[0].sigma = 0.05;
  const edited = path.join(fs.mkdtempSync(path.join(outDir, "picked-")), "edited.json");
  fs.writeFileSync(edited, JSON.stringify(session));
  // Where the native app draws the button at this size (test_web.sh measures it from the native
  // program's --geometry text runs; the defaults are those of 2026-11-28).
  const openSession = JSON.parse(process.env.PELAB_WEB_OPEN_SESSION ?? "[81, 1260]");
  const sessionChooser = await chooserFrom(page, () => page.mouse.click(openSession[0], openSession[1]));
  await sessionChooser.accept([edited]);
  await waitUntil("the picked session opening", async () => {
    const c = (await stateOf()).configs[0];
    return c.selection.position === 5 && c.sigma === 0.05;
  });
  const openTable = JSON.parse(process.env.PELAB_WEB_OPEN_TABLE ?? "[70, 394]");
  const tableChooser = await chooserFrom(page, () => page.mouse.click(openTable[0], openTable[1]));
  await tableChooser.accept([fileURLToPath(new URL("../../assets/presets/gpt2_wpe_64x768.npy", import.meta.url))]);
  await waitUntil("the picked GPT-2 table becoming the configuration", async () => {
    const c = (await stateOf()).configs[0];
    return c.kind === "learned" && c.positions === 64 && c.dims === 768 && c.table.endsWith("gpt2_wpe_64x768.npy");
  });
  if (problems.length) fail(problems.join("\n"));
  console.log(`test_web: the file picker opened a session (p = 5, sigma = 0.05) and GPT-2's table (64 x 768) ` +
              `in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await page.close();
}

// 8. The last state is kept in localStorage: a page opened without a query comes back as it was left;
//    a link's query wins. 9. The canvas follows the page's size and pixel ratio. 10. A lesson opened by
//    link steps with a clicker's keys in presenter mode, which asks the browser for full screen.
async function checkStorageResizeAndLessons() {
  const started = performance.now();
  const context = await browser.createBrowserContext();  // its own, empty localStorage
  const page = await context.newPage();
  await page.setViewport({ width, height });
  const problems = [];
  page.on("console", (message) => { if (message.type() === "error") problems.push(`console error: ${message.text()}`); });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  const stateOf = async () => JSON.parse(await page.evaluate(() => window.pelab.state()));
  await page.goto(url, { waitUntil: "load" });
  await page.evaluate(() => window.pelab.ready);
  const before = (await stateOf()).configs[0].selection.position;
  for (let i = 0; i < 3; ++i) { await page.keyboard.press("ArrowDown"); await sleep(50); }
  await waitUntil("ArrowDown moving p", async () => (await stateOf()).configs[0].selection.position === before + 3, 10);
  await waitUntil("the state reaching localStorage", async () => {
    const stored = await page.evaluate(() => localStorage.getItem("pelab.session"));
    return stored && JSON.parse(stored).configs[0].selection.position === before + 3;
  }, 10);
  await page.reload({ waitUntil: "load" });
  await page.evaluate(() => window.pelab.ready);
  const restored = (await stateOf()).configs[0].selection.position;
  if (restored !== before + 3) fail(`after a reload p is ${restored}, not the ${before + 3} the page was left at`);
  await page.goto(url + "?p=9", { waitUntil: "load" });
  await page.evaluate(() => window.pelab.ready);
  if ((await stateOf()).configs[0].selection.position !== 9) fail("a link's p=9 did not win over the stored state");
  console.log(`test_web: p = ${before + 3} came back after a reload from localStorage; a link's p = 9 wins over it`);

  // A smaller window at pixel ratio 2: the canvas fills it with twice as many backing pixels.
  await page.setViewport({ width: 900, height: 640, deviceScaleFactor: 2 });
  const size = await waitUntil("the canvas following the viewport", async () => {
    const s = await page.evaluate(() => {
      const c = document.getElementById("canvas");
      return { w: c.width, h: c.height, cssW: c.clientWidth, cssH: c.clientHeight, ratio: window.devicePixelRatio };
    });
    return s.w === 1800 && s.h === 1280 && s.cssW === 900 && s.cssH === 640 ? s : null;
  }, 10);
  await sleep(500);
  await page.screenshot({ path: path.join(outDir, "web_900x640_ratio2.png") });
  console.log(`test_web: at 900 x 640 CSS pixels, ratio ${size.ratio}, the canvas draws ${size.w} x ${size.h}`);
  await page.setViewport({ width, height });

  const linkOf = async () => new URL(await page.evaluate(() => window.pelab.copyLink())).searchParams;
  await page.goto(url + "?lesson=04_offset_rotation&step=3", { waitUntil: "load" });
  await page.evaluate(() => window.pelab.ready);
  if ((await linkOf()).get("step") !== "3") fail(`the lesson link opened step ${(await linkOf()).get("step")}, not 3`);
  await page.keyboard.press("F5");  // presenter mode
  await waitUntil("presenter mode asking for full screen", async () => page.evaluate(() => !!document.fullscreenElement), 10);
  const steps = [];
  for (const key of ["PageDown", "PageDown", "PageUp", "ArrowRight", "ArrowLeft"]) {
    await page.keyboard.press(key);
    await sleep(300);
    steps.push(`${key} -> ${(await linkOf()).get("step")}`);
  }
  if (steps.join(", ") !== "PageDown -> 4, PageDown -> 5, PageUp -> 4, ArrowRight -> 5, ArrowLeft -> 4")
    fail(`the clicker keys stepped ${steps.join(", ")}`);
  await page.keyboard.press("Escape");  // leaves presenter mode and full screen
  await waitUntil("leaving full screen", async () => page.evaluate(() => !document.fullscreenElement), 10);
  if (problems.length) fail(problems.join("\n"));
  console.log(`test_web: lesson 04 from step 3 in presenter mode (full screen): ${steps.join(", ")}; Esc left full screen`);

  // A stored state that is not a session (another program's key, a broken write) is refused with a
  // notice; the page starts with the defaults.
  await sleep(600);
  await page.evaluate(() => localStorage.setItem("pelab.session", "{not a session"));
  const warnings = [];
  page.on("console", (message) => { if (message.type() === "warn") warnings.push(message.text()); });
  await page.goto(url, { waitUntil: "load" });
  await page.evaluate(() => window.pelab.ready);
  if (!warnings.some((text) => text.includes("session refused")))
    fail(`a broken stored state was not refused with a notice (console: ${warnings.slice(0, 5).join(" | ")})`);
  const fresh = (await stateOf()).configs;
  if (fresh.length !== 1 || fresh[0].kind !== "sinusoidal" || fresh[0].base !== 10000 || fresh[0].positions !== 64 ||
      fresh[0].selection.position !== 20)
    fail(`after a broken stored state the page is not at its defaults: ${JSON.stringify(fresh)}`);
  if (problems.length) fail(problems.join("\n"));
  console.log("test_web: a broken stored state was refused with a notice; the page started with the defaults");
  console.log(`test_web: storage, resizing and the lesson took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await context.close();
}

// 11. Ctrl+O shows the session picker from the key's own event (once: the program does not ask for a
//     second one). 12. A table picked from a file survives a reload: the page keeps its bytes in
//     IndexedDB, the restored state still names it, no notice says it is missing, and the heatmap's
//     exported numbers are GPT-2's.
async function checkCtrlOAndKeptTable() {
  const started = performance.now();
  const context = await browser.createBrowserContext();  // empty localStorage and IndexedDB
  const page = await context.newPage();
  const tall = 1500;
  await page.setViewport({ width, height: tall });
  const problems = [], warnings = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
    if (message.type() === "warn") warnings.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  const stateOf = async () => JSON.parse(await page.evaluate(() => window.pelab.state()));
  await page.goto(url, { waitUntil: "load" });
  await page.evaluate(() => window.pelab.ready);

  const session = await stateOf();
  session.configs[0].kind = "learned";  // seeded: the sidebar of checkFilePicker, Open table… at its place
  session.configs[0].selection.position = 6;
  const picked = path.join(fs.mkdtempSync(path.join(outDir, "ctrl-o-")), "learned.json");
  fs.writeFileSync(picked, JSON.stringify(session));
  await page.mouse.click(700, 300);  // the page has the focus, as after any click
  // Every picker, the page's (Ctrl+O) or the program's (its own shortcut, its buttons), goes through
  // Module.pelabPickFile: counted here.
  await page.evaluate(() => {
    const pick = Module.pelabPickFile;
    window.pickersShown = 0;
    Module.pelabPickFile = (what) => { ++window.pickersShown; pick(what); };
  });
  const chooser = await chooserFrom(page, async () => {
    await page.keyboard.down("Control");
    await page.keyboard.press("KeyO");
    await page.keyboard.up("Control");
  });
  if (chooser.isMultiple()) fail("Ctrl+O's picker takes several files");
  await chooser.accept([picked]);
  await waitUntil("the session picked by Ctrl+O opening", async () => {
    const c = (await stateOf()).configs[0];
    return c.kind === "learned" && c.selection.position === 6;
  });
  await sleep(1000);
  const pickers = await page.evaluate(() => window.pickersShown);
  if (pickers !== 1) fail(`Ctrl+O showed ${pickers} file pickers, not 1 (the program acted on the key too?)`);
  console.log("test_web: Ctrl+O showed the session picker once and opened the chosen session (learned, p = 6)");

  const openTable = JSON.parse(process.env.PELAB_WEB_OPEN_TABLE ?? "[70, 394]");
  const gpt2File = fileURLToPath(new URL("../../assets/presets/gpt2_wpe_64x768.npy", import.meta.url));
  const tableChooser = await chooserFrom(page, () => page.mouse.click(openTable[0], openTable[1]));
  await tableChooser.accept([gpt2File]);
  const table = await waitUntil("the picked GPT-2 table becoming the configuration", async () => {
    const c = (await stateOf()).configs[0];
    return c.kind === "learned" && c.positions === 64 && c.dims === 768 && c.table.endsWith("gpt2_wpe_64x768.npy")
               ? c.table : null;
  });
  await waitUntil("the table's bytes and the state reaching the browser's storage", async () =>
    page.evaluate((tablePath) => new Promise((resolve) => {
      const stored = localStorage.getItem("pelab.session");
      if (!stored || JSON.parse(stored).configs[0].table !== tablePath) return resolve(false);
      const request = indexedDB.open("pelab", 1);
      request.onupgradeneeded = () => request.result.createObjectStore("tables");
      request.onerror = () => resolve(false);
      request.onsuccess = () => {
        try {
          const get = request.result.transaction("tables").objectStore("tables").get(tablePath);
          get.onsuccess = () => resolve(!!get.result && get.result.length > 0);
          get.onerror = () => resolve(false);
        } catch (error) {
          resolve(false);
        }
      };
    }), table), 10);

  warnings.length = 0;
  await page.reload({ waitUntil: "load" });
  await page.evaluate(() => window.pelab.ready);
  const restored = (await stateOf()).configs[0];
  if (restored.kind !== "learned" || restored.table !== table || restored.positions !== 64 || restored.dims !== 768)
    fail(`after a reload the configuration is ${JSON.stringify(restored)}, not GPT-2's table ${table}`);
  await sleep(500);
  if (warnings.length) fail(`the reloaded page with a kept table gave notices: ${warnings.join(" | ")}`);
  const downloads = fs.mkdtempSync(path.join(outDir, "kept-"));
  const cdp = await browser.target().createCDPSession();
  await cdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: downloads, browserContextId: context.id });
  if (!(await page.evaluate(() => window.pelab.exportView("heatmap", "npy")))) fail("exportView(heatmap, npy) was refused");
  const exported = parseNpy(await waitUntil("the kept table's heatmap .npy download", async () => {
    const file = path.join(downloads, "heatmap-table.npy");
    return fs.existsSync(file) && fs.statSync(file).size > 0 ? fs.readFileSync(file) : null;
  }));
  await cdp.detach();
  const gpt2 = fs.readFileSync(gpt2File);
  const gpt2Data = gpt2.subarray(10 + gpt2.readUInt16LE(8));  // float32, 64 x 768, C order
  if (exported.dims.join(",") !== "64,768") fail(`the kept table's heatmap exported shape (${exported.dims})`);
  for (const i of [0, 1, 767, 768, 64 * 768 - 1])
    if (exported.value(i) !== gpt2Data.readFloatLE(4 * i))
      fail(`after the reload the heatmap's value ${i} is ${exported.value(i)}, GPT-2's is ${gpt2Data.readFloatLE(4 * i)}`);
  if (problems.length) fail(problems.join("\n"));
  console.log(`test_web: GPT-2's picked table came back after a reload from IndexedDB (${table}, no notice, ` +
              `the heatmap exports its numbers) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await context.close();
}

const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist",
         `--window-size=${width},${height}`],
});
const timeout = setTimeout(() => fail("timed out after 420 s"), 420000);
try {
  // 1. The default state in English: loads cleanly, draws, and looks like the native program.
  const problems = [];
  const english = await openPelab(browser, ["--lang", "en", "--size", `${width}x${height}`], problems);
  console.log(`test_web: first frame with data after ${english.firstFrameMs.toFixed(0)} ms`);
  const state = JSON.parse(await english.page.evaluate(() => window.pelab.state()));
  if (!Array.isArray(state.configs) || state.configs.length < 1) fail(`state() has no configs: ${JSON.stringify(state)}`);
  const config = state.configs[0];
  for (const key of ["kind", "positions", "dims", "base"])
    if (!(key in config)) fail(`state().configs[0] has no ${key}`);
  console.log(`test_web: state() ok (${state.configs.length} config, ${config.kind} N=${config.positions} D=${config.dims})`);
  // Let the canvas settle (hover states, the status bar), then compare with the native picture.
  const web = await canvasPicture(english.page, path.join(outDir, "web_en.png"));
  const native = PNG.sync.read(fs.readFileSync(nativeEnglish));
  const fraction = differingFraction(web, native, 40);
  console.log(`test_web: ${(100 * fraction).toFixed(2)}% of pixels differ from the native picture by more than 40`);
  if (fraction > Number(process.env.PELAB_WEB_MAX_DIFFERING ?? 0.03)) fail("the web picture differs from the native one");

  // 2. A real mouse drag on the sidebar's p slider (its grab, at 1280x800) moves the selected position.
  const slider = JSON.parse(process.env.PELAB_WEB_SLIDER ?? "[190, 401]");
  await english.page.mouse.move(slider[0], slider[1]);
  await english.page.mouse.down();
  for (let step = 1; step <= 10; ++step) await english.page.mouse.move(slider[0] + 8 * step, slider[1]);
  await english.page.mouse.up();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const dragged = JSON.parse(await english.page.evaluate(() => window.pelab.state()));
  if (JSON.stringify(dragged.configs) === JSON.stringify(state.configs))
    fail(`dragging at (${slider}) changed nothing in state().configs`);
  const changed = Object.keys(config).filter((key) => JSON.stringify(config[key]) !== JSON.stringify(dragged.configs[0][key]));
  console.log(`test_web: the drag changed ${changed.join(", ")}: ${JSON.stringify(dragged.configs[0].selection)}`);
  if (!(dragged.configs[0].selection.position > config.selection.position))
    fail(`dragging p's slider right did not raise the selected position (${config.selection.position} -> ${dragged.configs[0].selection.position})`);
  await english.page.screenshot({ path: path.join(outDir, "web_en_dragged.png") });
  if (problems.length) fail(problems.join("\n"));

  // 3. Korean: the interface in Hangul, drawn as the native program draws it.
  const koreanProblems = [];
  const korean = await openPelab(browser, ["--lang", "ko", "--size", `${width}x${height}`], koreanProblems);
  const webKorean = await canvasPicture(korean.page, path.join(outDir, "web_ko.png"));
  const nativeKo = PNG.sync.read(fs.readFileSync(nativeKorean));
  const koreanFraction = differingFraction(webKorean, nativeKo, 40);
  const apart = differingFraction(webKorean, web, 40);
  console.log(`test_web: Korean: ${(100 * koreanFraction).toFixed(2)}% differ from native Korean, ` +
              `${(100 * apart).toFixed(2)}% from the English page`);
  if (koreanFraction > Number(process.env.PELAB_WEB_MAX_DIFFERING ?? 0.03)) fail("the Korean page differs from the native one");
  if (apart < 0.001) fail("the Korean page looks like the English one");
  if (koreanProblems.length) fail(koreanProblems.join("\n"));

  // 4. A link: the page's query string is the state, in the desktop's pelab:?… grammar (two
  //    configurations, the selected position); a bad parameter is named and the rest applies.
  const linkProblems = [], linkWarnings = [];
  const query = "?c=fourier&c=sinusoidal:base=100&p=7&bogus=1";
  const linked = await openPelab(browser, null, linkProblems, query, linkWarnings);
  const linkState = JSON.parse(await linked.page.evaluate(() => window.pelab.state()));
  const kinds = linkState.configs.map((c) => c.kind);
  if (kinds.join(",") !== "fourier,sinusoidal") fail(`the link ${query} opened ${kinds.join(", ")}`);
  if (linkState.configs[1].base !== 100) fail(`the link's base=100 became ${linkState.configs[1].base}`);
  if (linkState.configs[0].selection.position !== 7)
    fail(`the link's p=7 became ${linkState.configs[0].selection.position}`);
  if (!linkWarnings.some((text) => text.includes("bogus")))
    fail(`the link's bad parameter 'bogus' was not named (console: ${linkWarnings.join(" | ")})`);
  if (linkProblems.length) fail(linkProblems.join("\n"));
  console.log(`test_web: the link ${query} opened ${kinds.join(" + ")} at p = 7 and named 'bogus'`);
  // Copy link (what the sidebar's button does) gives this page's address with the state's query, and
  // that address opens the same state in another tab.
  const copied = await linked.page.evaluate(() => window.pelab.copyLink());
  if (typeof copied !== "string" || !copied.startsWith(url + "?c="))
    fail(`Copy link gave ${JSON.stringify(copied)}, not an address of this page (${url}?c=...)`);
  const reopenedProblems = [];
  const reopened = await openPelab(browser, null, reopenedProblems, copied.substring(url.length));
  const reopenedState = JSON.parse(await reopened.page.evaluate(() => window.pelab.state()));
  if (reopenedState.configs.map((c) => c.kind).join(",") !== "fourier,sinusoidal" ||
      reopenedState.configs[1].base !== 100 || reopenedState.configs[0].selection.position !== 7)
    fail(`the copied link ${copied} opened another state: ${JSON.stringify(reopenedState.configs)}`);
  if (reopenedProblems.length) fail(reopenedProblems.join("\n"));
  await reopened.page.close();
  console.log(`test_web: Copy link gave ${copied}, which opens the same state`);

  // 5. Files dropped on the page (as a user drags them from the desktop): a malformed .npy is refused
  //    with a notice naming it and changes nothing; GPT-2's position table becomes the configuration.
  const dropFile = async (name, bytes) => {
    await linked.page.evaluate((fileName, data) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], fileName));
      document.getElementById("canvas").dispatchEvent(
          new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, name, Array.from(bytes));
  };
  const stateNow = async () => JSON.parse(await linked.page.evaluate(() => window.pelab.state()));
  const waitFor = async (what, test) => {
    for (let i = 0; i < 100; ++i) {
      if (test(await stateNow())) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    fail(`${what} did not happen within 10 s`);
  };
  await dropFile("broken.npy", Buffer.from("not a npy file"));
  for (let i = 0; i < 50 && !linkWarnings.some((t) => t.includes("broken.npy")); ++i)
    await new Promise((resolve) => setTimeout(resolve, 100));
  if (!linkWarnings.some((t) => t.includes("broken.npy"))) fail("the malformed broken.npy was not refused with a notice");
  if ((await stateNow()).configs.map((c) => c.kind).join(",") !== "fourier,sinusoidal")
    fail("the malformed drop changed the configurations");
  const gpt2 = fs.readFileSync(new URL("../../assets/presets/gpt2_wpe_64x768.npy", import.meta.url));
  await dropFile("gpt2_wpe_64x768.npy", gpt2);
  await waitFor("the dropped GPT-2 table becoming a configuration",
                (s) => s.configs.some((c) => c.kind === "learned" && c.dims === 768 && c.positions === 64));
  await linked.page.screenshot({ path: path.join(outDir, "web_dropped.png") });
  if (linkProblems.length) fail(linkProblems.join("\n"));
  console.log("test_web: a dropped malformed .npy was refused with a notice; GPT-2's table loaded (64 x 768)");
  await linked.page.close();
  await korean.page.close();

  await checkDownloads(english.page, state);
  await english.page.close();
  await checkFilePicker();
  await checkStorageResizeAndLessons();
  await checkCtrlOAndKeptTable();
  console.log("test_web: all checks passed");
} finally {
  clearTimeout(timeout);
  await browser.close();
}
