// The UI's pages item by item, on the logged-in tab ui.mjs hands over (one browser, one service): nested frontmatter,
// Markdown tables, the notes box, status messages, disabled buttons, the trash by entry, merged memories, a new
// memory, Cancel, the sessions list, the past-sessions search, a phone's width, and last the logout. Screenshots of
// each page go to DOCS (small: one screen each).
export async function pages(page, baseUrl, shots, docs, step) {
  const go = async (hash, ready) => {
    await page.goto(baseUrl + '/ui/' + hash);
    await page.locator(ready).first().waitFor();
  };
  const docShot = (name) => page.screenshot({ path: docs + '/' + name + '.png' });
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  // The header keeps one line on a screen, however long the project's directory: each part's middle lies within the
  // first part's height.
  const header = () => page.evaluate(() => {
    const box = (e) => e.getBoundingClientRect();
    const parts = [...document.querySelectorAll('header > *')].filter((e) => !e.hidden).map((e) => ({ id: e.id || e.tagName, box: box(e) }));
    const first = parts[0].box;
    const project = document.getElementById('project');
    return { offLine: parts.filter((p) => p.box.top + p.box.height / 2 > first.bottom).map((p) => p.id),
      parts: parts.map((p) => p.id), title: project.title, cut: project.scrollWidth > project.clientWidth };
  });
  const headers = {};
  for (const width of [1400, 1100]) {
    await page.setViewportSize({ width, height: 760 });
    await go('#/memories', 'tr.memory-row');
    await page.waitForFunction(() => document.getElementById('project').textContent);
    headers[width] = await header();
  }
  step('header', { widths: headers });
  await page.setViewportSize({ width: 1100, height: 760 });

  // A key beyond the usual ones holding lists and maps, and a Markdown table in the body.
  await go('#/memory/nested-fields', '#memory-fields');
  step('nested', { fields: await page.locator('#memory-fields').innerText(),
    tables: await page.locator('#memory-body table').count(),
    cells: await page.locator('#memory-body td').allTextContents() });
  await docShot('memory');

  // Cancel while editing: the text typed is dropped and the body shows again.
  await page.click('#edit');
  await page.fill('#editor', 'not saved');
  await page.click('#cancel');
  step('cancel', { editorHidden: await page.locator('#editor').isHidden(), bodyVisible: await page.locator('#memory-body').isVisible(),
    cancelHidden: await page.locator('#cancel').isHidden(), editorText: await page.inputValue('#editor') });

  // A status message stays on its page only.
  await page.click('#edit');
  const text = await page.inputValue('#editor');
  await page.fill('#editor', text.replace('Runbook first.', 'Runbook first, always.'));
  await page.click('#save');
  await page.locator('#message', { hasText: 'saved' }).waitFor();
  const said = await page.locator('#message').innerText();
  await go('#/trash', 'tr.trash-row');
  step('message', { said, afterNavigating: await page.locator('#message').innerText() });

  // A page left before its answer came does not draw over the next one: the memory's read is held back until the
  // person is on the trash, then let through.
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  const memoryRead = (url) => url.pathname === '/ui/api/memory';
  await page.route(memoryRead, async (route) => { await held; await route.continue(); });
  await page.goto(baseUrl + '/ui/#/memory/nested-fields');
  await go('#/trash', 'tr.trash-row');
  const late = page.waitForResponse((r) => memoryRead(new URL(r.url())));
  release();
  await late;
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
  step('lateAnswer', { trashShown: await page.locator('#trash').isVisible(), memoryShown: await page.locator('#memory-name').count(),
    hash: await page.evaluate(() => window.location.hash) });
  await page.unroute(memoryRead);

  // Two trashed memories of one name: the older one's button brings back the older one.
  const dupRows = page.locator('tr.trash-row[data-name="dup-note"]');
  step('trashRows', { ids: await dupRows.evaluateAll((rows) => rows.map((r) => r.dataset.id)) });
  await docShot('trash');
  await dupRows.nth(1).locator('button.restore').click();
  await page.locator('#memory-name', { hasText: 'dup-note' }).waitFor();
  step('trashRestore', { body: await page.locator('#memory-body').innerText(), message: await page.locator('#message').innerText() });

  // A disabled button looks disabled: the first page's "Previous" beside the enabled "Show".
  await go('#/memories', 'tr.memory-row');
  const look = (sel) => page.locator(sel).evaluate((b) => {
    const s = getComputedStyle(b);
    return { disabled: b.disabled, background: s.backgroundColor, color: s.color, cursor: s.cursor };
  });
  step('disabled', { prev: await look('#prev'), show: await look('#apply') });
  await docShot('memories');

  // A new memory from the page.
  await page.click('#new-memory');
  await page.locator('#new-form').waitFor();
  await docShot('new-memory');
  await page.fill('#new-name', 'release-needs-changelog');
  await page.selectOption('#new-type', 'feedback');
  await page.fill('#new-description', 'what a release needs');
  await page.fill('#new-body', 'Every release needs a CHANGELOG entry; the user asked for it twice.');
  await page.click('#create');
  await page.locator('#memory-name', { hasText: 'release-needs-changelog' }).waitFor();
  step('created', { message: await page.locator('#message').innerText(), fields: await page.locator('#memory-fields').innerText() });

  // A dream merges the two near-duplicates; a link to the one merged away leads to the one that holds its text.
  await go('#/dreams', '#gates');
  await page.click('#dream-preview');
  await page.locator('#dream-apply').waitFor();
  await page.click('#dream-apply');
  await page.locator('#message', { hasText: 'dream' }).waitFor();
  const landed = {};
  for (const name of ['deploy-needs-vpn', 'deploy-needs-the-vpn']) {
    await page.goto(baseUrl + '/ui/#/memory/' + name);
    await page.locator('#memory-name, p.error').first().waitFor();
    landed[name] = { hash: await page.evaluate(() => window.location.hash), message: await page.locator('#message').innerText(),
      error: await page.locator('p.error').count() };
  }
  step('merged', { landed });
  // Nothing left to consolidate: the Apply button is disabled, and looks it.
  await go('#/dreams', '#gates');
  await page.click('#dream-preview');
  await page.locator('#dream-apply').waitFor();
  step('applyDisabled', { apply: await look('#dream-apply'), preview: await look('#dream-preview') });
  await docShot('dreams');

  // The sessions list: what a person picks a session by.
  await go('#/sessions', 'tr.session-row');
  const row = page.locator('tr.session-row[data-id="s-ui"]');
  step('sessions', { firstPrompt: await row.locator('td.first-prompt').innerText(), agent: await row.locator('td.agent').innerText(),
    length: await row.locator('td.length').innerText(), compactions: await row.locator('td.compactions').innerText(),
    learned: await row.locator('td.learned').innerText() });
  await docShot('sessions');

  // The notes box wraps a long line instead of cutting it.
  await row.locator('td.first-prompt a').click();
  await page.locator('#session-notes').waitFor();
  step('notes', await page.locator('#session-notes').evaluate((n) => ({ scroll: n.scrollWidth, client: n.clientWidth })));
  await docShot('session');

  // Past sessions, searched as engram history does, each hit linked to its turn.
  await go('#/history', '#history-form');
  await page.fill('#history-q', 'tests');
  await page.click('#history-search');
  await page.locator('#history-hits li, #no-hits').first().waitFor();
  const hits = page.locator('li.history-hit');
  step('pastSessions', { hits: await hits.count(), first: await hits.first().innerText(),
    link: await hits.first().locator('a.hit-link').getAttribute('href') });
  await docShot('history');
  await hits.first().locator('a.hit-link').click();
  await page.locator('#session-id').waitFor();
  step('historyLink', { hash: await page.evaluate(() => window.location.hash), anchor: await page.locator('#session-anchor').count() });

  for (const [hash, ready, name] of [['#/instructions', '#instruction-total', 'instructions'], ['#/usage', '#usage-days, #no-usage', 'usage']]) {
    await go(hash, ready);
    await docShot(name);
  }

  // A phone's width: no page scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  const widths = {};
  for (const [hash, ready] of [['#/memories', 'tr.memory-row'], ['#/memory/nested-fields', '#memory-body'], ['#/trash', '#trash, p'],
    ['#/sessions', 'tr.session-row'], ['#/session/s-ui', '#window-chart'], ['#/dreams', '#gates'], ['#/history', '#history-form'],
    ['#/inbox', '#inbox-empty, #proposals'], ['#/instructions', '#instruction-total'], ['#/usage', '#usage-days, #no-usage'],
    ['#/new', '#new-form']]) {
    await go(hash, ready);
    widths[hash] = await overflow();
  }
  await go('#/memories', 'tr.memory-row');
  await docShot('phone-memories');
  await go('#/sessions', 'tr.session-row');
  await docShot('phone-sessions');
  step('phone', { widths, cellLabel: await page.locator('tr.session-row td.agent').first().getAttribute('data-label') });
  await page.setViewportSize({ width: 1100, height: 760 });

  // Log out: the tab forgets its session and the service ends it.
  const token = await page.evaluate(() => sessionStorage.getItem('engram-session'));
  await page.click('#logout');
  await page.locator('#notice').waitFor();
  const replay = await fetch(baseUrl + '/ui/api/memories', { headers: { 'X-Engram-Session': token } });
  step('logout', { notice: await page.locator('#notice').innerText(), held: await page.evaluate(() => sessionStorage.getItem('engram-session')),
    replayStatus: replay.status, logoutVisible: await page.locator('#logout').isVisible() });
}
