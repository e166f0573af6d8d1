// Times Engram's web UI in headless Chromium (engram-bench's WebUiPageBench runs it): from the login link to
// the first rows on screen, the next page, and a search. Prints one JSON line of milliseconds.
// Usage: node load.mjs CHROMIUM LOGIN_URL BASE_URL
import { chromium } from 'playwright-core';

const [executablePath, loginUrl] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  let t = Date.now();
  await page.goto(loginUrl);
  await page.locator('tr.memory-row').first().waitFor();
  const firstPage = Date.now() - t;
  const range = await page.locator('#range').innerText();
  t = Date.now();
  await page.click('#next');
  await page.locator('#range', { hasText: '51–100' }).waitFor();
  const nextPage = Date.now() - t;
  await page.fill('#search', 'redis port integration tests');
  t = Date.now();
  await page.click('#apply');
  await page.locator('#search-info').waitFor();
  const search = Date.now() - t;
  console.log(JSON.stringify({ firstPage, nextPage, search, range }));
} finally {
  await browser.close();
}
