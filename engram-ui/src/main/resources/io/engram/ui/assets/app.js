// Engram's web UI: plain DOM, no library. Every text from the server goes in through textContent; the one
// exception is a memory's body, which the server renders from Markdown with its HTML escaped.
'use strict';

const csrf = document.querySelector('meta[name="engram-csrf"]').content;
const view = document.getElementById('view');
const message = document.getElementById('message');

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

function say(text, isError) {
  message.textContent = text || '';
  message.className = isError ? 'error' : '';
}

async function answer(response) {
  const type = response.headers.get('Content-Type') || '';
  const body = type.startsWith('application/json') ? await response.json() : await response.text();
  if (!response.ok) {
    if (response.status === 401) window.location.reload();
    throw new Error(body && body.error ? body.error : ('HTTP ' + response.status));
  }
  return body;
}

async function get(path, params) {
  const query = params ? '?' + new URLSearchParams(params).toString() : '';
  return answer(await fetch('/ui/api/' + path + query, { credentials: 'same-origin' }));
}

async function post(path, body) {
  return answer(await fetch('/ui/api/' + path, {
    method: 'POST', credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', 'X-Engram-CSRF': csrf },
    body: JSON.stringify(body)
  }));
}

function when(instant) {
  return instant ? instant.replace('T', ' ').replace(/\.\d+Z$/, 'Z') : '';
}

function badges(m) {
  return [
    m.stale ? el('span', { class: 'badge stale' }, 'stale') : null,
    m.superseded ? el('span', { class: 'badge superseded' }, 'superseded') : null
  ];
}

function memoryLink(name) {
  return el('a', { href: '#/memory/' + encodeURIComponent(name), class: 'memory-link' }, name);
}

// ---- memories -------------------------------------------------------------------------------------------

const listState = { q: '', type: '', scope: '', trust: '', stale: 'any', superseded: 'any', offset: 0, limit: 50 };

function choice(name, label, options) {
  return el('label', {}, label, el('select', { name, id: 'filter-' + name },
    options.map(([value, text]) => el('option', { value, selected: listState[name] === value }, text))));
}

async function showMemories() {
  const form = el('form', { class: 'filters', id: 'filters' },
    el('label', {}, 'Search (recall)', el('input', { type: 'search', name: 'q', id: 'search', value: listState.q,
      placeholder: 'what are you looking for?' })),
    choice('type', 'Type', [['', 'any'], ['user', 'user'], ['feedback', 'feedback'], ['project', 'project'],
      ['reference', 'reference']]),
    choice('scope', 'Scope', [['', 'any'], ['project', 'project'], ['user', 'user'], ['team', 'team']]),
    choice('trust', 'Trust (source)', [['', 'any'], ['user', 'user'], ['model', 'model'], ['tool', 'tool'],
      ['import', 'import'], ['session', 'session'], ['unknown', 'unknown']]),
    choice('stale', 'Stale', [['any', 'any'], ['yes', 'yes'], ['no', 'no']]),
    choice('superseded', 'Superseded', [['any', 'any'], ['yes', 'yes'], ['no', 'no']]),
    el('button', { type: 'submit', class: 'primary', id: 'apply' }, 'Show'));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const data = new FormData(form);
    for (const k of ['q', 'type', 'scope', 'trust', 'stale', 'superseded']) listState[k] = data.get(k) || '';
    listState.offset = 0;
    showMemories();
  });
  const params = { offset: listState.offset, limit: listState.limit };
  for (const k of ['q', 'type', 'scope', 'trust', 'stale', 'superseded']) if (listState[k]) params[k] = listState[k];
  const started = performance.now();
  const page = await get('memories', params);
  const rows = page.memories.map((m) => el('tr', { class: 'memory-row', 'data-name': m.name },
    el('td', {}, memoryLink(m.name), badges(m)), el('td', {}, m.type), el('td', {}, m.scope), el('td', {}, m.trust),
    el('td', {}, m.description), el('td', {}, String(m.recallCount)),
    el('td', { class: 'why' }, m.why || when(m.updated))));
  const last = Math.min(page.total, page.offset + page.memories.length);
  const pager = el('div', { class: 'pager' },
    el('button', { id: 'prev', disabled: page.offset === 0, onclick: () => { listState.offset = Math.max(0,
      page.offset - page.limit); showMemories(); } }, '← Previous'),
    el('span', { id: 'range' }, page.total === 0 ? 'no memories' : `${page.offset + 1}–${last} of ${page.total}`),
    el('button', { id: 'next', disabled: last >= page.total, onclick: () => { listState.offset = page.offset + page.limit;
      showMemories(); } }, 'Next →'));
  view.replaceChildren(form,
    page.search ? el('p', { class: 'why', id: 'search-info' }, 'Ranked by recall: ' + page.search) : '',
    el('table', { id: 'memories' }, el('thead', {}, el('tr', {}, ['Name', 'Type', 'Scope', 'Trust', 'Description',
      'Recalled', page.search ? 'Why' : 'Updated'].map((h) => el('th', {}, h)))), el('tbody', {}, rows)),
    pager,
    page.problems.length ? el('details', {}, el('summary', {}, page.problems.length + ' file(s) skipped'),
      el('ul', {}, page.problems.map((p) => el('li', {}, p)))) : '');
  view.dataset.loadMillis = String(Math.round(performance.now() - started));
}

async function showMemory(name) {
  const d = await get('memory', { name });
  const m = d.memory;
  const field = (label, value) => (value === undefined || value === null || value === '' ||
    (Array.isArray(value) && value.length === 0)) ? [] : [el('dt', {}, label),
    el('dd', {}, Array.isArray(value) ? value.join(', ') : String(value))];
  const body = el('div', { class: 'body', id: 'memory-body' });
  body.innerHTML = d.bodyHtml; // rendered by the server with raw HTML escaped and unsafe links removed
  const editor = el('textarea', { class: 'editor', id: 'editor', hidden: true, spellcheck: 'false' });
  editor.value = d.text;
  const save = el('button', { class: 'primary', id: 'save', hidden: true, onclick: async () => {
    try {
      const r = await post('memory/edit', { name: m.name, text: editor.value });
      say('saved ' + r.name + (r.redacted.length ? ' (redacted: ' + r.redacted.join(', ') + ')' : ''));
      showMemory(m.name);
    } catch (e) { say(e.message, true); }
  } }, 'Save');
  const edit = el('button', { id: 'edit', onclick: () => {
    editor.hidden = false; save.hidden = false; body.hidden = true; edit.hidden = true; editor.focus();
  } }, 'Edit');
  const forget = el('button', { class: 'danger', id: 'forget', onclick: async () => {
    try {
      const r = await post('memory/forget', { name: m.name });
      say(r.done);
      view.replaceChildren(el('h2', {}, m.name), el('p', { id: 'forgotten' }, 'Forgotten: it is in the trash.'),
        el('button', { id: 'restore', class: 'primary', onclick: () => restore(m.name) }, 'Restore'));
    } catch (e) { say(e.message, true); }
  } }, 'Forget');
  view.replaceChildren(
    el('p', {}, el('a', { href: '#/memories' }, '← all memories')),
    el('h2', { id: 'memory-name' }, m.name, badges(m)),
    el('p', { id: 'memory-description' }, m.description),
    el('dl', { class: 'fields', id: 'memory-fields' },
      field('Type', m.type), field('Scope', m.scope), field('Trust (source)', m.trust), field('File', d.path),
      field('Created', when(d.created)), field('Updated', when(m.updated)), field('Written in session', d.session),
      field('Recalled', m.recallCount + ' time(s)'), field('Last recalled', when(m.lastRecalled)),
      field('Supersedes', d.supersedes), field('Superseded by', d.supersededBy), field('Valid until', when(d.validUntil)),
      field('About', d.paths), Object.entries(d.otherFields).map(([k, v]) => field(k, v))),
    body, editor, el('div', { class: 'actions' }, edit, save, forget));
}

async function restore(name) {
  try {
    const r = await post('memory/restore', { name });
    say(r.done);
    const target = '#/memory/' + encodeURIComponent(name);
    if (window.location.hash === target) route(); else window.location.hash = target;
  } catch (e) { say(e.message, true); }
}

async function showTrash() {
  const items = await get('trash');
  view.replaceChildren(el('h2', {}, 'Trash'),
    items.length === 0 ? el('p', {}, 'The trash is empty.') : el('table', { id: 'trash' },
      el('thead', {}, el('tr', {}, ['Name', 'Type', 'Scope', 'Description', 'Forgotten', ''].map((h) => el('th', {}, h)))),
      el('tbody', {}, items.map((t) => el('tr', { class: 'trash-row', 'data-name': t.name },
        el('td', {}, t.name), el('td', {}, t.type), el('td', {}, t.scope), el('td', {}, t.description),
        el('td', {}, when(t.trashedAt)),
        el('td', {}, el('button', { class: 'restore', onclick: () => restore(t.name) }, 'Restore')))))));
}

// ---- dreams --------------------------------------------------------------------------------------------

function diffView(text, id) {
  const pre = el('pre', { class: 'diff', id });
  for (const line of text.split('\n')) {
    const kind = line.startsWith('+++') || line.startsWith('---') ? 'file' : line.startsWith('@@') ? 'hunk'
      : line.startsWith('+') ? 'add' : line.startsWith('-') ? 'del' : 'same';
    pre.append(el('span', { class: kind }, line + '\n'));
  }
  return pre;
}

function gatesText(g) {
  if (g.closed.length === 0) return 'Its gates are open: a dream would run now.';
  return 'Without force a dream waits: ' + g.closed.join(', ') + ' gate closed (last consolidation '
    + (when(g.lastConsolidation) || 'never') + ', ' + g.sessionsSince + ' session(s) since).';
}

function changesList(changes) {
  return changes.length === 0 ? el('p', {}, 'No changes.') : el('ul', { class: 'changes' },
    changes.map((c) => el('li', {}, c)));
}

async function previewDream(area) {
  area.replaceChildren(el('p', {}, 'Planning…'));
  const r = await post('dream/preview', {});
  const apply = el('button', { class: 'primary', id: 'dream-apply', disabled: r.changes.length === 0,
    onclick: async () => {
      try {
        const done = await post('dream/run', {});
        say(done.outcome === 'applied' ? 'dream applied, run ' + done.runId : 'dream: ' + done.outcome.replace('_', ' '));
        showDreams();
      } catch (e) { say(e.message, true); }
    } }, 'Apply this dream now');
  area.replaceChildren(el('h3', {}, 'Preview (dry run, nothing written)'),
    el('p', {}, `${r.memories} memories, ${r.sessions} session(s) read, ${r.candidates} candidate(s); engine ${r.engine}`),
    changesList(r.changes), r.diff ? diffView(r.diff, 'preview-diff') : '',
    r.problems.length ? el('ul', { class: 'error' }, r.problems.map((p) => el('li', {}, p))) : '', apply);
}

function dreamRun(run) {
  const diff = diffView(run.diff, 'diff-' + run.runId);
  diff.hidden = true;
  const undo = run.undoable ? el('button', { class: 'danger undo', onclick: async () => {
    try {
      const u = await post('dream/undo', {});
      say(`undid dream run ${u.runId}: restored ${u.restored.length} file(s)`
        + (u.removed.length ? `, set aside ${u.removed.length}` : ''));
      showDreams();
    } catch (e) { say(e.message, true); }
  } }, 'Undo') : null;
  return el('section', { class: 'dream-run', 'data-run': run.runId },
    el('h3', {}, run.runId, run.undone ? el('span', { class: 'badge superseded' }, 'undone') : null),
    el('p', { class: 'why' }, `started ${when(run.startedAt)}; engine ${run.engine}; ${run.memories} memories, `
      + `${run.sessions.length} session(s), ${run.candidates} candidate(s)`),
    el('p', { class: 'phases' }, run.phases.map((p) => `${p.phase.toLowerCase()} ${p.items} (${p.millis} ms)`)
      .join(' → ')),
    changesList(run.changes),
    el('div', { class: 'actions' },
      el('button', { class: 'show-diff', onclick: () => { diff.hidden = !diff.hidden; } }, 'Show diff'), undo),
    diff);
}

async function showDreams() {
  const data = await get('dreams');
  const area = el('div', { id: 'preview-area' });
  view.replaceChildren(el('h2', {}, 'Dreams'), el('p', { id: 'gates' }, gatesText(data.gates)),
    el('div', { class: 'actions' }, el('button', { id: 'dream-preview', onclick: () => previewDream(area)
      .catch((e) => say(e.message, true)) }, 'Preview a dream (dry run)')),
    area,
    data.runs.length === 0 ? el('p', { id: 'no-runs' }, 'No dream has been applied yet.')
      : el('div', { id: 'dream-runs' }, data.runs.map(dreamRun)));
}

// ---- routing --------------------------------------------------------------------------------------------

const routes = [
  [/^#\/memory\/(.+)$/, (m) => showMemory(decodeURIComponent(m[1])), 'nav-memories'],
  [/^#\/trash$/, () => showTrash(), 'nav-trash'],
  [/^#\/dreams$/, () => showDreams(), 'nav-dreams'],
  [/^(#\/memories)?$/, () => showMemories(), 'nav-memories']
];

async function route() {
  const hash = window.location.hash;
  for (const [pattern, show, nav] of routes) {
    const m = hash.match(pattern);
    if (m) {
      document.querySelectorAll('nav a').forEach((a) => a.classList.toggle('current', a.id === nav));
      try {
        await show(m);
      } catch (e) {
        view.replaceChildren(el('p', { class: 'error' }, e.message));
      }
      return;
    }
  }
  view.replaceChildren(el('p', { class: 'error' }, 'no page ' + hash));
}

window.addEventListener('hashchange', route);
get('project').then((p) => { document.getElementById('project').textContent = p.directory; }).catch(() => {});
route();
