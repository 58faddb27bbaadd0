// Touch on pelab's web build, in headless Chromium's touch emulation (isMobile, hasTouch): a tablet
// (1024 x 768) and a phone (390 x 844, two device pixels per CSS pixel, the narrow layout). Touches
// are CDP Input.dispatchTouchEvent (one finger, or two for a pinch); where things are is read from
// the page's last frame (window.pelab.geometry(): its text runs and heatmaps, in canvas pixels) and
// what they did from window.pelab.state(). Usage: node test_touch.mjs URL OUT_DIR
// Checks, on each device:
//   - 20 alternating taps on the sidebar's "10000" and "100" buttons each set base to the tapped value
//     (a tap pressing where an earlier one was, as emscripten's GLFW did, sets the other value);
//   - a tap on the heatmap selects the cell under the finger: p and i from the heatmap's rectangle
//     (row = floor((y - y0) / (y1 - y0) * rows)); a later tap on another cell selects that one;
//   - a long press on the heatmap shows the readout "p = .., i = .." of the cell under the finger and
//     selects nothing; a tap beside every widget then changes nothing (no touch replays a press);
//   - a drag on p's slider from its middle to past its right end gives p = N - 1, and back to the
//     middle round((N - 1) / 2) (ImGui's slider: the grab's centre runs over the frame less the grab,
//     so the frame's middle is half the range);
//   - a one-finger swipe on the sidebar (begun beside its widgets) scrolls it by the finger's travel,
//     and swipes reach its last control, Copy link, whose tap copies the page's link;
//   - a pinch spreading two fingers from 100 to 200 px apart zooms the heatmap about their middle:
//     its drawn width doubles (plot_limits.cpp zooms by 1.25^-wheel; the wheel is ln 2 / ln 1.25).
// The phone also shows the narrow layout: one view, a view switcher, the sidebar in a drawer. In
// presenter mode on the tablet a sideways swipe steps the lesson. PELAB_TOUCH_ONLY=tablet, phone or
// presenter runs one part.
import fs from "node:fs";
import path from "node:path";
import puppeteer from "puppeteer-core";

const [url, outDir] = process.argv.slice(2);
const chromium = process.env.CHROMIUM ?? "/usr/bin/chromium";
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function fail(message) {
  console.error(`test_touch: FAIL: ${message}`);
  process.exit(1);
}

async function waitUntil(what, test, seconds = 10) {
  for (let i = 0; i < 10 * seconds; ++i) {
    const value = await test();
    if (value) return value;
    await sleep(100);
  }
  return null;
}

async function checkDevice(browser, device) {
  const { name, width, height, ratio } = device;
  const context = await browser.createBrowserContext();  // no stored state
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => { if (message.type() === "error") problems.push(`console error: ${message.text()}`); });
  await page.emulate({
    viewport: { width, height, deviceScaleFactor: ratio, isMobile: true, hasTouch: true },
    userAgent: await browser.userAgent(),
  });
  await page.evaluateOnNewDocument((a) => { window.pelabArguments = a; },
                                   ["--lang", "en", "--size", `${width * ratio}x${height * ratio}`]);
  await page.goto(url, { waitUntil: "load" });
  await page.evaluate(() => window.pelab.ready);
  const cdp = await page.createCDPSession();
  const state = async () => JSON.parse(await page.evaluate(() => window.pelab.state()));
  const geometry = async () => page.evaluate(() => window.pelab.geometry());
  const config = async () => (await state()).configs[0];
  // Touches in CSS pixels; geometry in canvas pixels (ratio per CSS pixel).
  const touch = (type, points) =>
    cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
  // The lift is sent `holdMs` after the touch without waiting for the page to take the touch first:
  // CDP answers only once the page has handled an event, after a frame that may be long in software
  // GL, and the page times a press by the events' own times.
  const tap = async ([x, y], holdMs = 50) => {
    const down = touch("touchStart", [[x, y]]);
    await sleep(holdMs);
    await Promise.all([down, touch("touchEnd", [])]);
  };
  const drag = async (points, stepMs = 40) => {
    await touch("touchStart", [points[0]]);
    for (const point of points.slice(1)) {
      await sleep(stepMs);
      await touch("touchMove", [point]);
    }
    await sleep(200);
    await touch("touchEnd", []);
  };
  const line = (from, to, steps) =>
    Array.from({ length: steps + 1 }, (_, k) => [from[0] + (to[0] - from[0]) * k / steps, from[1] + (to[1] - from[1]) * k / steps]);
  // The CSS point in the middle of `label` inside the text run holding it (a row of buttons is one run).
  const runOf = (g, label) => g.text_runs.find((run) => run.text.includes(label));
  const at = (run, label) => {
    const [x0, y0, x1, y1] = run.box;
    const start = run.text.indexOf(label);
    const share = (start + label.length / 2) / run.text.length;
    return [(x0 + (x1 - x0) * share) / ratio, (y0 + y1) / 2 / ratio];
  };
  const find = async (label) => {
    const run = runOf(await geometry(), label);
    if (!run) fail(`${name}: no '${label}' on the page`);
    return at(run, label);
  };
  const settle = () => sleep(300);

  if (device.narrow) {
    const g = await geometry();
    const heatmaps = g.heatmaps.map((h) => h.name);
    if (heatmaps.join(",") !== "heatmap") fail(`${name}: the narrow layout drew heatmaps ${heatmaps}, not the heatmap alone`);
    if (g.text_runs.some((run) => run.text.includes("base ="))) fail(`${name}: the status line is not the short one`);
    if (g.text_runs.some((run) => run.text.includes("p (↑ ↓)"))) fail(`${name}: the sidebar shows before the drawer opens`);
    await page.screenshot({ path: path.join(outDir, `touch_${name}_narrow.png`) });
    await tap(await find("Controls"));
    if (!(await waitUntil("the drawer", async () => runOf(await geometry(), "p (↑ ↓)"))))
      fail(`${name}: a tap on Controls did not open the sidebar's drawer`);
    await page.screenshot({ path: path.join(outDir, `touch_${name}_drawer.png`) });
    console.log(`test_touch: ${name}: the narrow layout shows the heatmap alone and a short status line; Controls opens the drawer`);
  }

  // 20 alternating taps on base's one-click values.
  // The one-click values' row "10000 100" is one text run: each button's middle by its share of it.
  const valuesRun = (await geometry()).text_runs.find((run) => run.text === "10000 100");
  if (!valuesRun) fail(`${name}: no row of base's one-click values 10000 and 100`);
  const set10000 = at(valuesRun, "10000");
  const set100 = [(valuesRun.box[0] + (valuesRun.box[2] - valuesRun.box[0]) * 7.5 / 9) / ratio, set10000[1]];
  let taken = 0;
  for (let k = 0; k < 20; ++k) {
    const [where, base] = k % 2 === 0 ? [set100, 100] : [set10000, 10000];
    await tap(where);
    if (await waitUntil("a tap", async () => (await config()).base === base, 3)) ++taken;
    else { await sleep(3000); console.log(`test_touch: ${name}: tap ${k + 1} at (${where.map(Math.round)}) left base at ${(await config()).base}, not ${base}`); }
  }
  console.log(`test_touch: ${name}: ${taken} of 20 alternating taps on base's 100 and 10000 took effect`);
  if (taken !== 20) fail(`${name}: only ${taken} of 20 taps took effect`);

  // A text field: a tap on the label's field brings up the on-screen keyboard (the page's hidden input
  // takes the focus); text inserted there as a virtual keyboard does (no key events) and keys typed
  // on a real keyboard each arrive once; a tap beside the field puts the keyboard away.
  const labelRow = runOf(await geometry(), "label");
  const hint = (await geometry()).text_runs.find((run) => run.text === "sinusoidal base 10000" &&
                                                   Math.abs(run.box[1] - labelRow.box[1]) < 4 * ratio);
  if (!hint) fail(`${name}: no label field beside 'label'`);
  await tap(at(hint, "base"));
  const focused = await waitUntil("the keyboard's input taking the focus", async () =>
    page.evaluate(() => document.activeElement && document.activeElement.tagName === "INPUT"), 3);
  if (!focused) fail(`${name}: a tap on a text field did not focus the page's input (no on-screen keyboard)`);
  await cdp.send("Input.insertText", { text: "xy" });
  await sleep(300);
  await page.keyboard.type("ab");
  const typed = await waitUntil("the typed label", async () => (await config()).label === "xyab", 3);
  if (!typed) fail(`${name}: typing 'xy' (on-screen) and 'ab' (keys) gave the label ${JSON.stringify((await config()).label)}`);
  await tap(at(labelRow, "label"));  // beside the field, in the sidebar (the drawer stays open)
  const away = await waitUntil("the keyboard going away", async () =>
    page.evaluate(() => !document.activeElement || document.activeElement.tagName !== "INPUT"), 3);
  if (!away) fail(`${name}: the page's input kept the focus after the text field was left`);
  console.log(`test_touch: ${name}: a tap on the label field focused the keyboard's input; 'xy' inserted and 'ab' typed gave the label 'xyab'`);

  // p's slider: from its middle (the value's text) to past its right end, then back.
  const before = await config();
  const n = before.positions;
  const pLabel = await find("p (↑ ↓)");
  const pValue = runOf((await geometry()), String(before.selection.position));
  const valueRuns = (await geometry()).text_runs.filter((run) => run.text === String(before.selection.position) &&
                                                            Math.abs((run.box[1] + run.box[3]) / 2 / ratio - pLabel[1]) < 6);
  if (!pValue || valueRuns.length !== 1) fail(`${name}: p's value ${before.selection.position} is not drawn beside its label`);
  const middle = [(valueRuns[0].box[0] + valueRuns[0].box[2]) / 2 / ratio, pLabel[1]];
  const end = [width - 2, middle[1]];
  await touch("touchStart", [middle]);
  for (const point of line(middle, end, 12).slice(1)) { await sleep(40); await touch("touchMove", [point]); }
  const atEnd = await waitUntil("p at its end", async () => (await config()).selection.position === n - 1, 5);
  for (const point of line(end, middle, 12).slice(1)) { await sleep(40); await touch("touchMove", [point]); }
  await sleep(300);
  await touch("touchEnd", []);
  const half = Math.round((n - 1) / 2);
  const back = await waitUntil("p back in the middle", async () => {
    const p = (await config()).selection.position;
    return Math.abs(p - half) <= 1 ? p : null;
  }, 5);
  const pNow = (await config()).selection.position;
  console.log(`test_touch: ${name}: a drag on p's slider gave p = ${atEnd ? n - 1 : "?"} past its end and ${pNow} ` +
              `back in its middle (expected ${n - 1} and ${half} ± 1, N = ${n})`);
  if (!atEnd) fail(`${name}: dragging p's slider past its end did not give p = ${n - 1}`);
  if (back === null) fail(`${name}: dragging p's slider back to its middle gave p = ${pNow}, not ${half} ± 1`);

  // A swipe up on the sidebar, begun left of its labels: it scrolls by the finger's travel, and more
  // swipes reach Copy link.
  const leftX = pLabel[0] - (runOf(await geometry(), "p (↑ ↓)").box[2] - runOf(await geometry(), "p (↑ ↓)").box[0]) / 2 / ratio - 4;
  const travel = Math.round(height * 0.3);
  const y0 = runOf(await geometry(), "p (↑ ↓)").box[1];
  const swipeFrom = [leftX, height * 0.7];
  await drag(line(swipeFrom, [leftX, height * 0.7 - travel], 10));
  await settle();
  const moved = await waitUntil("the sidebar scrolling", async () => {
    const run = runOf(await geometry(), "p (↑ ↓)");
    return run && Math.abs((y0 - run.box[1]) / ratio - travel) <= 1.5 ? run : null;
  }, 3);
  const y1 = runOf(await geometry(), "p (↑ ↓)");
  console.log(`test_touch: ${name}: a ${travel} px swipe moved p's label up ${y1 ? ((y0 - y1.box[1]) / ratio).toFixed(1) : "out of view"} px`);
  if (!moved) fail(`${name}: the sidebar did not scroll by the finger's ${travel} px`);
  let swipes = 1;
  while (!runOf(await geometry(), "Copy link") && swipes < 10) {
    await drag(line(swipeFrom, [leftX, height * 0.7 - travel], 10));
    await settle();
    ++swipes;
  }
  const copyRun = runOf(await geometry(), "Copy link");
  if (!copyRun) fail(`${name}: ${swipes} swipes did not bring Copy link into view`);
  if (copyRun.box[3] / ratio > height) fail(`${name}: Copy link is below the page (${copyRun.box[3] / ratio} > ${height})`);
  await page.evaluate(() => { Module.pelabClipboard = ""; });
  await tap(at(copyRun, "Copy link"));
  const copied = await waitUntil("Copy link copying", async () => page.evaluate(() => Module.pelabClipboard), 3);
  console.log(`test_touch: ${name}: ${swipes} swipes reached Copy link; its tap copied ${copied}`);
  if (!copied || !copied.startsWith(url)) fail(`${name}: the tap on Copy link copied ${JSON.stringify(copied)}`);

  if (device.narrow) {
    await tap(await find("Controls"));  // the drawer closes
    if (!(await waitUntil("the drawer closing", async () => !runOf(await geometry(), "Copy link"), 3)))
      fail(`${name}: a second tap on Controls did not close the drawer`);
  }

  // Copy link's notice sits above the views until it fades (5 s) and moves them when it goes: the
  // heatmap is measured once it has gone, so a tap lands where the rectangle was read.
  if (!(await waitUntil("Copy link's notice fading", async () => !runOf(await geometry(), "link copied"), 10)))
    fail(`${name}: Copy link's notice did not fade`);
  await settle();
  // The page itself never scrolls: the canvas stays where the taps are aimed.
  const scrolled = await page.evaluate(() => [document.scrollingElement.scrollLeft, document.scrollingElement.scrollTop]);
  if (scrolled[0] !== 0 || scrolled[1] !== 0) fail(`${name}: the page scrolled to ${scrolled} under the canvas`);

  // Taps on the heatmap select the cell under the finger; a long press shows its readout only.
  const heatmapRect = async () => {
    const h = (await geometry()).heatmaps.find((m) => m.name === "heatmap" && m.config === 0);
    if (!h) fail(`${name}: no heatmap drawn`);
    return h;
  };
  let h = await heatmapRect();
  const cellAt = (m, [x, y]) => ({
    p: Math.floor((y * ratio - m.y0) / (m.y1 - m.y0) * m.rows),
    i: Math.floor((x * ratio - m.x0) / (m.x1 - m.x0) * m.cols),
  });
  const c = await config();
  if (h.rows !== c.positions || h.cols !== c.dims) fail(`${name}: the heatmap shows ${h.rows} x ${h.cols} of ${c.positions} x ${c.dims}`);
  const inHeatmap = (fx, fy) => [(h.x0 + (h.x1 - h.x0) * fx) / ratio, (h.y0 + (h.y1 - h.y0) * fy) / ratio];
  for (const [fx, fy] of [[0.3, 0.2], [0.7, 0.6]]) {
    const where = inHeatmap(fx, fy);
    const cell = cellAt(h, where);
    await tap(where);
    const selected = await waitUntil("the tapped cell", async () => {
      const s = (await config()).selection;
      return s.position === cell.p && s.dimension === cell.i;
    }, 3);
    if (!selected) fail(`${name}: a tap at (${where}) selected ${JSON.stringify((await config()).selection)}, not p = ${cell.p}, i = ${cell.i}`);
  }
  console.log(`test_touch: ${name}: taps on the heatmap selected the cells under the finger`);
  const heldAt = inHeatmap(0.53, 0.35);  // inside a cell, off its edges
  const heldCell = cellAt(h, heldAt);
  const selectionBefore = (await config()).selection;
  await tap(heldAt, 800);
  const readout = await waitUntil("the long press's readout", async () =>
    (await geometry()).text_runs.find((run) => run.text.startsWith(`p = ${heldCell.p}, i = ${heldCell.i}`)), 3);
  if (!readout) fail(`${name}: a long press did not show the readout 'p = ${heldCell.p}, i = ${heldCell.i}'`);
  await sleep(300);
  if (JSON.stringify((await config()).selection) !== JSON.stringify(selectionBefore))
    fail(`${name}: the long press selected ${JSON.stringify((await config()).selection)}`);
  // A tap where no widget is (the window's right edge, beside the status line): nothing changes.
  const quiet = JSON.stringify((await state()).configs);
  for (let k = 0; k < 3; ++k) { await tap([width - 2, height - 4]); await sleep(250); }
  if (JSON.stringify((await state()).configs) !== quiet) fail(`${name}: taps beside every widget changed the state (a replayed press?)`);
  console.log(`test_touch: ${name}: a long press showed '${readout.text}' and selected nothing; 3 taps beside the widgets changed nothing`);

  // A pinch on the heatmap: fingers 100 -> 200 px apart about its middle.
  h = await heatmapRect();
  const centre = inHeatmap(0.5, 0.5);
  const widthBefore = h.x1 - h.x0;
  const pinch = [];
  for (let k = 0; k <= 10; ++k) {
    const half = 50 + 5 * k;
    pinch.push([[centre[0] - half, centre[1]], [centre[0] + half, centre[1]]]);
  }
  await touch("touchStart", pinch[0]);
  for (const points of pinch.slice(1)) { await sleep(40); await touch("touchMove", points); }
  await sleep(200);
  await touch("touchEnd", []);
  const zoomed = await waitUntil("the pinch's zoom", async () => {
    const m = (await geometry()).heatmaps.find((x) => x.name === "heatmap" && x.config === 0);
    return m && Math.abs((m.x1 - m.x0) / widthBefore - 2) < 0.04 ? m : null;
  }, 4);
  const after = (await geometry()).heatmaps.find((x) => x.name === "heatmap" && x.config === 0);
  const factor = (after.x1 - after.x0) / widthBefore;
  // The point under the fingers' middle stays put: its fraction of the image is the same.
  const fraction = (centre[0] * ratio - after.x0) / (after.x1 - after.x0);
  console.log(`test_touch: ${name}: a pinch from 100 to 200 px zoomed the heatmap ${factor.toFixed(3)}x ` +
              `(expected 2), the point between the fingers at ${fraction.toFixed(3)} of its width (0.5)`);
  if (!zoomed) fail(`${name}: the pinch zoomed the heatmap ${factor.toFixed(3)}x, not 2x`);
  if (Math.abs(fraction - 0.5) > 0.02) fail(`${name}: the pinch did not zoom about the fingers' middle`);
  await page.screenshot({ path: path.join(outDir, `touch_${name}_end.png`) });
  if (problems.length) fail(problems.join("\n"));
  await cdp.detach();
  await context.close();
}

// Presenter mode on the tablet: a sideways swipe steps the lesson (to the left the next step), as
// PageDown and PageUp do; a short or an upright one does not.
async function checkPresenterSwipes(browser) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const problems = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  await page.emulate({
    viewport: { width: 1024, height: 768, deviceScaleFactor: 1, isMobile: true, hasTouch: true },
    userAgent: await browser.userAgent(),
  });
  await page.goto(url + "?lesson=04_offset_rotation&step=3&lang=en", { waitUntil: "load" });
  await page.evaluate(() => window.pelab.ready);
  const cdp = await page.createCDPSession();
  const stepOf = async () => new URL(await page.evaluate(() => window.pelab.copyLink())).searchParams.get("step");
  if ((await stepOf()) !== "3") fail(`the lesson link opened step ${await stepOf()}`);
  await page.keyboard.press("F5");  // presenter mode
  if (!(await waitUntil("presenter mode", async () => page.evaluate(() => !!document.fullscreenElement), 10)))
    fail("F5 did not start presenter mode");
  const swipe = async ([x0, y0], [x1, y1]) => {
    const send = (type, points) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points.map(([x, y]) => ({ x, y, id: 0 })) });
    await send("touchStart", [[x0, y0]]);
    for (let k = 1; k <= 8; ++k) { await sleep(30); await send("touchMove", [[x0 + (x1 - x0) * k / 8, y0 + (y1 - y0) * k / 8]]); }
    await send("touchEnd", []);
    await sleep(500);
    return stepOf();
  };
  const steps = [];
  steps.push(`left -> ${await swipe([700, 400], [300, 420])}`);
  steps.push(`left -> ${await swipe([700, 400], [300, 380])}`);
  steps.push(`right -> ${await swipe([300, 400], [700, 400])}`);
  steps.push(`short -> ${await swipe([500, 400], [470, 400])}`);
  steps.push(`upright -> ${await swipe([500, 600], [450, 200])}`);
  console.log(`test_touch: presenter mode: swipes stepped ${steps.join(", ")}`);
  if (steps.join(", ") !== "left -> 4, left -> 5, right -> 4, short -> 4, upright -> 4")
    fail(`the swipes stepped ${steps.join(", ")}, not left -> 4, left -> 5, right -> 4, short -> 4, upright -> 4`);
  if (problems.length) fail(problems.join("\n"));
  await context.close();
}

const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: true,
  args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist"],
});
const timeout = setTimeout(() => fail("timed out after 300 s"), 300000);
try {
  fs.mkdirSync(outDir, { recursive: true });
  if (!process.env.PELAB_TOUCH_ONLY || process.env.PELAB_TOUCH_ONLY === "tablet")
    await checkDevice(browser, { name: "tablet", width: 1024, height: 768, ratio: 1, narrow: false });
  if (!process.env.PELAB_TOUCH_ONLY || process.env.PELAB_TOUCH_ONLY === "phone")
  await checkDevice(browser, { name: "phone", width: 390, height: 844, ratio: 2, narrow: true });
  if (!process.env.PELAB_TOUCH_ONLY || process.env.PELAB_TOUCH_ONLY === "presenter") await checkPresenterSwipes(browser);
  console.log("test_touch: all checks passed");
} finally {
  clearTimeout(timeout);
  await browser.close();
}
