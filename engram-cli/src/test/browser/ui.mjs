// Drives Engram's web UI in headless Chromium with playwright-core and prints one JSON report line.
// Usage: node ui.mjs CHROMIUM LOGIN_URL BASE_URL SCREENSHOT_DIR DOCS_SCREENSHOT_DIR
import { createServer } from 'node:http';
import { chromium } from 'playwright-core';
import { pages } from './pages.mjs';

const [executablePath, loginUrl, baseUrl, shots, docs] = process.argv.slice(2);
const report = { steps: [], dialogs: [], consoleErrors: [] };
const step = (name, data) => report.steps.push({ name, ...data });

const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox'] });
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('dialog', async (d) => { report.dialogs.push(d.message()); await d.dismiss(); });
  page.on('console', (m) => { if (m.type() === 'error') report.consoleErrors.push(m.text()); });

  // Without the login: the page says how to log in, its API refuses, and nothing of the memory shows.
  await page.goto(baseUrl + '/ui/');
  await page.locator('#notice').waitFor();
  step('refused', { status: await page.evaluate(async () => (await fetch('/ui/api/memories')).status),
    text: await page.locator('body').innerText() });
  await page.screenshot({ path: shots + '/01-refused.png' });

  // The login link: a session token the tab holds (no cookie), then the list.
  const t0 = Date.now();
  await page.goto(loginUrl);
  await page.locator('tr.memory-row[data-name="tests-need-redis"]').waitFor();
  const cookies = await context.cookies();
  step('list', { url: page.url(), millis: Date.now() - t0, rows: await page.locator('tr.memory-row').count(),
    range: await page.locator('#range').innerText(), cookies: cookies.map((c) => c.name),
    tokenHeld: await page.evaluate(() => (sessionStorage.getItem('engram-session') || '').length) });
  await page.screenshot({ path: shots + '/02-memories.png', fullPage: true });

  // Search with recall.
  await page.fill('#search', 'redis integration tests');
  await page.click('#apply');
  await page.locator('#search-info').waitFor();
  step('search', { first: await page.locator('tr.memory-row').first().getAttribute('data-name'),
    info: await page.locator('#search-info').innerText() });
  await page.screenshot({ path: shots + '/03-search.png', fullPage: true });

  // A memory whose text tries to run script: shown as text, nothing runs, and no link the browser reads as
  // anything but http, https or mailto (it drops a tab or line break inside a scheme: java<TAB>script:).
  await page.goto(baseUrl + '/ui/#/memory/xss-probe');
  await page.locator('#memory-body').waitFor();
  const links = await page.locator('#memory-body a').evaluateAll((as) => as.map((a) => a.protocol));
  step('xss', { body: await page.locator('#memory-body').innerText(),
    description: await page.locator('#memory-description').innerText(),
    links, pwned: await page.evaluate(() => window.__pwned === 1),
    scripts: await page.locator('#memory-body script, #memory-body img').count() });

  // Another server on 127.0.0.1 that the user's browser visits: it is handed every cookie of the host (cookies
  // ignore the port) and its page tries the UI's API with the browser's credentials. Neither reads a memory.
  const received = [];
  const localServer = createServer((req, res) => {
    received.push(req.headers.cookie || '');
    res.setHeader('Content-Type', 'text/html');
    res.end('<!doctype html><title>another local page</title>');
  });
  await new Promise((resolve) => localServer.listen(0, '127.0.0.1', resolve));
  const otherPage = await context.newPage();
  await otherPage.goto('http://127.0.0.1:' + localServer.address().port + '/');
  const fromOtherPage = await otherPage.evaluate(async (url) => {
    try {
      const r = await fetch(url + '/ui/api/memories', { credentials: 'include' });
      return 'read ' + r.status + ' ' + (await r.text()).slice(0, 200);
    } catch (e) {
      return 'blocked';
    }
  }, baseUrl);
  await otherPage.close();
  await new Promise((resolve) => localServer.close(resolve));
  const replayed = [];
  for (const cookie of received.filter((c) => c !== '')) {
    const r = await fetch(baseUrl + '/ui/api/memories', { headers: { cookie } });
    replayed.push(r.status + ' ' + (await r.text()).slice(0, 200));
  }
  step('otherOrigin', { received, replayed, fromOtherPage });

  // Open the memory, edit it, save.
  await page.goto(baseUrl + '/ui/#/memories');
  await page.click('tr.memory-row[data-name="tests-need-redis"] a.memory-link');
  await page.locator('#memory-name').waitFor();
  await page.click('#edit');
  const text = await page.inputValue('#editor');
  await page.fill('#editor', text.replace('localhost:6379', 'localhost:6380'));
  await page.click('#save');
  await page.locator('#message', { hasText: 'saved' }).waitFor();
  await page.locator('#memory-body', { hasText: '6380' }).waitFor();
  step('edit', { message: await page.locator('#message').innerText(),
    body: await page.locator('#memory-body').innerText(),
    fields: await page.locator('#memory-fields').innerText(),
    sessionLink: await page.locator('#memory-session').getAttribute('href') });
  await page.screenshot({ path: shots + '/04-edited.png', fullPage: true });

  // Its history: the version the extraction wrote and the edit, with the diff between them.
  await page.locator('#memory-history li.version[data-number="2"]').waitFor();
  await page.click('#memory-history li.version[data-number="2"] button.show-version-diff');
  step('history', { versions: await page.locator('#memory-history .version-title').allTextContents(),
    diff: await page.locator('#version-diff-2').innerText() });
  await page.screenshot({ path: shots + '/04b-history.png', fullPage: true });

  // Forget it, see it in the trash, restore it.
  await page.click('#forget');
  await page.locator('#forgotten').waitFor();
  await page.screenshot({ path: shots + '/05-forgotten.png' });
  await page.goto(baseUrl + '/ui/#/trash');
  await page.locator('tr.trash-row[data-name="tests-need-redis"]').waitFor();
  await page.screenshot({ path: shots + '/06-trash.png' });
  await page.click('tr.trash-row[data-name="tests-need-redis"] button.restore');
  await page.locator('#memory-name', { hasText: 'tests-need-redis' }).waitFor();
  step('restore', { message: await page.locator('#message').innerText(),
    body: await page.locator('#memory-body').innerText() });
  await page.locator('#memory-history li.version[data-number="4"]').waitFor();
  await page.screenshot({ path: shots + '/07-restored.png' });

  // Its provenance: the session and turn that wrote it, linked to that turn in the session's timeline.
  await page.click('#memory-session');
  await page.locator('#session-anchor').waitFor();
  step('provenance', { hash: await page.evaluate(() => window.location.hash),
    anchor: await page.locator('#session-anchor').innerText(),
    ringed: await page.locator('#window-chart circle.anchor').count() });

  // Dreams: preview a forced dream, apply it, open its diff, undo it.
  await page.goto(baseUrl + '/ui/#/dreams');
  await page.locator('#gates').waitFor();
  await page.click('#dream-preview');
  await page.locator('#preview-diff').waitFor();
  step('dreamPreview', { diff: await page.locator('#preview-diff').innerText() });
  await page.screenshot({ path: shots + '/08-dream-preview.png', fullPage: true });
  await page.click('#dream-apply');
  await page.locator('section.dream-run').first().waitFor();
  const run = page.locator('section.dream-run').first();
  await run.locator('button.show-diff').click();
  await run.locator('pre.diff').waitFor();
  step('dreamApplied', { message: await page.locator('#message').innerText(),
    phases: await run.locator('.phases').innerText(), diff: await run.locator('pre.diff').innerText() });
  await page.screenshot({ path: shots + '/09-dream-diff.png', fullPage: true });
  await run.locator('button.undo').click();
  await page.locator('section.dream-run .badge', { hasText: 'undone' }).waitFor();
  step('dreamUndone', { message: await page.locator('#message').innerText(),
    undoButtons: await page.locator('button.undo').count() });
  await page.screenshot({ path: shots + '/10-dream-undone.png', fullPage: true });
  // What the undo put back, seen as the next dream would see it (later pages write memories and dream again).
  await page.goto(baseUrl + '/ui/#/instructions');
  await page.locator('#instruction-total').waitFor();
  await page.goto(baseUrl + '/ui/#/dreams');
  await page.locator('#gates').waitFor();
  await page.click('#dream-preview');
  await page.locator('#preview-diff').waitFor();
  step('afterUndo', { diff: await page.locator('#preview-diff').innerText() });

  // The review inbox: two proposals wait; one is accepted after an edit, the other rejected.
  await page.goto(baseUrl + '/ui/#/inbox');
  await page.locator('section.proposal').first().waitFor();
  const waiting = await page.locator('section.proposal').count();
  const first = page.locator('section.proposal', { hasText: 'offline-tests' });
  const proposed = await first.locator('textarea').inputValue();
  await first.locator('textarea').fill(proposed.replace('Run the tests offline.', 'Run the tests offline: ./mvnw -o.'));
  await page.screenshot({ path: shots + '/10b-inbox.png', fullPage: true });
  await page.screenshot({ path: docs + '/inbox.png' });
  await first.locator('button.accept').click();
  await page.locator('#message', { hasText: 'accepted' }).waitFor();
  const accepted = await page.locator('#message').innerText();
  await page.locator('section.proposal', { hasText: 'use-yarn' }).locator('button.reject').click();
  await page.locator('#inbox-empty').waitFor();
  step('inbox', { waiting, accepted, rejected: await page.locator('#message').innerText(),
    empty: await page.locator('#inbox-empty').innerText() });

  // The instructions a session loads, and the model token ledger.
  await page.goto(baseUrl + '/ui/#/instructions');
  await page.locator('#instruction-total').waitFor();
  step('instructions', { files: await page.locator('tr.instruction-file').count(),
    total: await page.locator('#instruction-total').innerText(), index: await page.locator('#memory-index').innerText() });
  await page.screenshot({ path: shots + '/11-instructions.png', fullPage: true });
  await page.goto(baseUrl + '/ui/#/usage');
  await page.locator('#usage-days, #no-usage').first().waitFor();
  step('usage', { text: await page.locator('#view').innerText() });
  await page.screenshot({ path: shots + '/12-usage.png', fullPage: true });

  // Sessions: the recorded session's window per request, the level lines and the compaction with its score.
  await page.goto(baseUrl + '/ui/#/sessions');
  await page.locator('tr.session-row a').first().click();
  await page.locator('#window-chart g.compaction-mark').first().waitFor();
  step('session', { summary: await page.locator('#session-summary').innerText(),
    requests: await page.locator('#window-chart circle.request').count(),
    levelLines: await page.locator('#window-chart line.level-line').count(),
    segments: await page.locator('#window-chart polyline.window-line').count(),
    marks: await page.locator('#window-chart g.compaction-mark').allTextContents(),
    compactions: await page.locator('#compactions').innerText(),
    injections: await page.locator('#injections').innerText(), notes: await page.locator('#session-notes').innerText() });
  await page.screenshot({ path: shots + '/13-session.png', fullPage: true });

  // Every page item by item on this tab, at a desktop's width and a phone's; it ends by logging out.
  await pages(page, baseUrl, shots, docs, step);

  // Another browser without the session: the same address is refused.
  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  const api = await other.goto(baseUrl + '/ui/api/memories');
  step('stranger', { status: api.status(), text: await other.locator('body').innerText() });
  await stranger.close();
} finally {
  await browser.close();
}
console.log(JSON.stringify(report));
