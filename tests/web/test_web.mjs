// Drives pelab's web build in headless Chromium (tests/web/test_web.sh starts the server and makes the
// native reference pictures). Usage: node test_web.mjs URL NATIVE_EN.png NATIVE_KO.png OUT_DIR
// Fails (exit 1) on the first broken fact; prints one line per check and the time to the first frame.
import fs from "node:fs";
import path from "node:path";
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

const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist",
         `--window-size=${width},${height}`],
});
const timeout = setTimeout(() => fail("timed out after 240 s"), 240000);
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
  console.log("test_web: all checks passed");
} finally {
  clearTimeout(timeout);
  await browser.close();
}
