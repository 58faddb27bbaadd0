// The page in Firefox (Debian's firefox-esr, driven by puppeteer-core over WebDriver BiDi). Headless
// Firefox has no WebGL 2 here, so tests/web/test_web.sh runs this headful under xvfb-run. Checks the
// build without threads (served by a plain static server) and the threaded one (the isolated server):
// and pelab.html from disk: the first frame with data, a link, Korean with <html lang="ko">.
// Usage: node test_web_firefox.mjs PLAIN_URL ISOLATED_URL PELAB_HTML_URL
import puppeteer from "puppeteer-core";

const [plainUrl, isolatedUrl, fileUrl] = process.argv.slice(2);
function fail(message) {
  console.error(`test_web_firefox: FAIL: ${message}`);
  process.exit(1);
}
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: process.env.FIREFOX ?? "/usr/bin/firefox-esr",
  headless: false,
  args: ["--width=1280", "--height=900"],
});
const timeout = setTimeout(() => fail("timed out after 240 s"), 240000);
const results = {};
try {
  for (const [name, address, expected] of [["without threads", plainUrl, "pelab-st.js"], ["threaded", isolatedUrl, "pelab.js"],
                                           ["pelab.html from disk", fileUrl, "pelab.html"]]) {
    const page = await browser.newPage();
    const errors = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const started = Date.now();
    await page.goto(`${address}?p=9&lang=ko`, { waitUntil: "load" });
    const outcome = await page.evaluate(() => window.pelab.ready.then(() => "ready", (error) => error.message));
    if (outcome !== "ready") fail(`${name}: window.pelab.ready: ${outcome}`);
    const firstFrameMs = Date.now() - started;
    const facts = await page.evaluate(() => ({
      build: window.pelabEmbedded ? ["pelab.html"]
           : performance.getEntriesByType("resource").map((entry) => entry.name.split("/").pop()).filter((n) => n.startsWith("pelab")),
      p: JSON.parse(window.pelab.state()).configs[0].selection.position,
      lang: document.documentElement.lang }));
    if (!facts.build.includes(expected)) fail(`${name}: Firefox loaded ${facts.build.join(", ")}, not ${expected}`);
    if (facts.p !== 9) fail(`${name}: the link ?p=9 opened p = ${facts.p}`);
    if (facts.lang !== "ko") fail(`${name}: <html lang> is ${facts.lang} with lang=ko`);
    if (errors.length) fail(`${name}: ${errors.join("\n")}`);
    results[name] = firstFrameMs;
    console.log(`test_web_firefox: ${name}: ${expected}, first frame with data ${firstFrameMs} ms, ?p=9 opened, Korean sets <html lang="ko">`);
    await page.close();
  }
  console.log("test_web_firefox: all checks passed");
} finally {
  clearTimeout(timeout);
  await browser.close();
}
