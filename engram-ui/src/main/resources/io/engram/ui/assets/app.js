// Engram's web UI: plain DOM, no library. Every text from the server goes in through textContent; the one
// exception is a memory's body, which the server renders from Markdown with its HTML escaped.
'use strict';

// The session's token lives in this tab only (sessionStorage is per origin, port included) and goes in a header
// with every request: no cookie, which the browser would also hand to every other server on 127.0.0.1.
const SESSION = 'engram-session';
const view = document.getElementById('view');
const message = document.getElementById('message');

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === undefined || c === null) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

// A status message belongs to the page it was said on (or the page an action goes to next): navigating anywhere
// else clears it.
let messagePage = '';
function say(text, isError, page) {
  message.textContent = text || '';
  message.className = isError ? 'error' : '';
  messagePage = page || window.location.hash;
}

async function answer(response) {
  const type = response.headers.get('Content-Type') || '';
  const body = type.startsWith('application/json') ? await response.json() : await response.text();
  if (!response.ok) {
    if (response.status === 401) {
      sessionStorage.removeItem(SESSION);
      loggedOut(body && body.error ? body.error : 'not logged in');
    }
    throw new Error(body && body.error ? body.error : ('HTTP ' + response.status));
  }
  return body;
}

// Every navigation turns the page; a read asked for on an earlier page never answers once its reply comes late, so
// a slow page the person already left cannot draw over the one they went to (a save re-reads its memory, and the
// person may be on the trash before that read returns).
let pageTurns = 0;
async function get(path, params) {
  const query = params ? '?' + new URLSearchParams(params).toString() : '';
  const askedOn = pageTurns;
  const response = await fetch('/ui/api/' + path + query, {
    credentials: 'omit', headers: { 'X-Engram-Session': sessionStorage.getItem(SESSION) || '' }
  });
  if (askedOn !== pageTurns) return new Promise(() => {});
  return answer(response);
}

async function post(path, body) {
  return answer(await fetch('/ui/api/' + path, {
    method: 'POST', credentials: 'omit',
    headers: { 'Content-Type': 'application/json', 'X-Engram-Session': sessionStorage.getItem(SESSION) || '' },
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
    el('button', { type: 'submit', class: 'primary', id: 'apply' }, 'Show'),
    el('a', { href: '#/new', id: 'new-memory', class: 'button' }, 'New memory'));
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
    el('td', { class: 'agent' }, m.agent || ''), el('td', {}, m.description), el('td', {}, String(m.recallCount)),
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
    el('table', { id: 'memories' }, el('thead', {}, el('tr', {}, ['Name', 'Type', 'Scope', 'Trust', 'Agent', 'Description',
      'Recalled', page.search ? 'Why' : 'Updated'].map((h) => el('th', {}, h)))), el('tbody', {}, rows)),
    pager,
    page.problems.length ? el('details', {}, el('summary', {}, page.problems.length + ' file(s) skipped'),
      el('ul', {}, page.problems.map((p) => el('li', {}, p)))) : '');
  view.dataset.loadMillis = String(Math.round(performance.now() - started));
}

async function showMemory(name) {
  const d = await get('memory', { name });
  if (d.into) {
    // A dream merged this memory into another: that one holds its text now.
    const target = '#/memory/' + encodeURIComponent(d.into);
    say(`'${d.name}' was merged into '${d.into}' by dream run ${d.run}`, false, target);
    window.location.replace(target);
    return;
  }
  const m = d.memory;
  const field = (label, value) => (value === undefined || value === null || value === '' ||
    (Array.isArray(value) && value.length === 0)) ? [] : [el('dt', {}, label), el('dd', {}, fieldValue(value))];
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
  const editing = (on) => {
    editor.hidden = !on; save.hidden = !on; cancel.hidden = !on; body.hidden = on; edit.hidden = on;
  };
  const cancel = el('button', { id: 'cancel', hidden: true, onclick: () => {
    editor.value = d.text; // nothing typed is kept
    editing(false);
  } }, 'Cancel');
  const edit = el('button', { id: 'edit', onclick: () => { editing(true); editor.focus(); } }, 'Edit');
  const history = el('div', { id: 'memory-history' }, el('p', { class: 'why' }, 'Loading the history…'));
  const forget = el('button', { class: 'danger', id: 'forget', onclick: async () => {
    try {
      const r = await post('memory/forget', { name: m.name });
      say(r.done);
      view.replaceChildren(el('h2', {}, m.name), el('p', { id: 'forgotten' }, 'Forgotten: it is in the trash.'),
        el('button', { id: 'restore', class: 'primary', onclick: () => restore({ name: m.name }) }, 'Restore'));
    } catch (e) { say(e.message, true); }
  } }, 'Forget');
  view.replaceChildren(
    el('p', {}, el('a', { href: '#/memories' }, '← all memories')),
    el('h2', { id: 'memory-name' }, m.name, badges(m)),
    el('p', { id: 'memory-description' }, m.description),
    el('dl', { class: 'fields', id: 'memory-fields' },
      field('Type', m.type), field('Scope', m.scope), field('Trust (source)', m.trust),
      field('Learnt in', m.agent ? m.agent + ' session' : ''), field('File', d.path),
      field('Created', when(d.created)), field('Updated', when(m.updated)), provenance(d),
      field('Recalled', m.recallCount + ' time(s)'), field('Last recalled', when(m.lastRecalled)),
      field('Supersedes', d.supersedes), field('Superseded by', d.supersededBy), field('Valid until', when(d.validUntil)),
      field('About', d.paths), Object.entries(d.otherFields).map(([k, v]) => field(k, v))),
    body, editor, el('div', { class: 'actions' }, edit, save, cancel, forget),
    el('h3', {}, 'History'), history);
  showHistory(m.name, history);
}

// A frontmatter value as the file holds it: a scalar as text, a list of scalars joined, anything deeper as a
// nested list or definition list (a key beyond the usual ones may hold any YAML).
function fieldValue(value) {
  if (Array.isArray(value)) {
    return value.every((v) => v === null || typeof v !== 'object') ? value.map((v) => String(v)).join(', ')
      : el('ul', { class: 'nested' }, value.map((v) => el('li', {}, fieldValue(v))));
  }
  if (value !== null && typeof value === 'object') {
    return el('dl', { class: 'nested' }, Object.entries(value).map(([k, v]) => [el('dt', {}, k),
      el('dd', {}, fieldValue(v))]));
  }
  return String(value);
}

// Which session wrote the memory, and from which message of its transcript: a link to that turn's timeline.
function provenance(d) {
  if (!d.session) return [];
  const target = '#/session/' + encodeURIComponent(d.session) + (d.turn ? '/turn/' + encodeURIComponent(d.turn) : '');
  return [el('dt', {}, 'Written in session'), el('dd', {}, el('a', { href: target, id: 'memory-session' }, d.session),
    d.turn ? el('span', { class: 'why', id: 'memory-turn' }, ' from turn ' + d.turn) : '')];
}

// Every version the memory had, newest first, each with its diff to the one before (hidden until asked for).
async function showHistory(name, area) {
  let h;
  try {
    h = await get('memory/history', { name });
  } catch (e) {
    area.replaceChildren(el('p', { class: 'why' }, 'No version recorded yet.'));
    return;
  }
  area.replaceChildren(el('ul', { class: 'versions' }, h.versions.map((v) => {
    const diff = v.diff ? diffView(v.diff, 'version-diff-' + v.number) : null;
    if (diff) diff.hidden = true;
    return el('li', { class: 'version', 'data-number': v.number },
      el('span', { class: 'version-title' }, `version ${v.number}: ${v.change} by ${v.by}, ${when(v.at)}`), ' ',
      diff ? el('button', { class: 'show-version-diff', onclick: () => { diff.hidden = !diff.hidden; } }, 'Diff') : '',
      diff);
  })));
}

// Brings back a trash entry by its id (a trash row's button), or the newest entry of a name (right after a forget).
async function restore(which) {
  try {
    const r = await post('memory/restore', which);
    const target = '#/memory/' + encodeURIComponent(r.name);
    say(r.done, false, target);
    if (window.location.hash === target) route(); else window.location.hash = target;
  } catch (e) { say(e.message, true); }
}

async function showTrash() {
  const items = await get('trash');
  view.replaceChildren(el('h2', {}, 'Trash'),
    items.length === 0 ? el('p', {}, 'The trash is empty.') : el('table', { id: 'trash' },
      el('thead', {}, el('tr', {}, ['Name', 'Type', 'Scope', 'Description', 'Forgotten', ''].map((h) => el('th', {}, h)))),
      el('tbody', {}, items.map((t) => el('tr', { class: 'trash-row', 'data-name': t.name, 'data-id': t.id },
        el('td', {}, t.name), el('td', {}, t.type), el('td', {}, t.scope), el('td', {}, t.description),
        el('td', {}, when(t.trashedAt)),
        el('td', {}, el('button', { class: 'restore', onclick: () => restore({ id: t.id }) }, 'Restore')))))));
}

// ---- a new memory, and the past sessions ------------------------------------------------------------------

function showNewMemory() {
  const form = el('form', { id: 'new-form', class: 'stacked' },
    el('label', {}, 'Name', el('input', { name: 'name', id: 'new-name', required: true,
      placeholder: 'a short kebab-case name, e.g. build-needs-java-17' })),
    el('label', {}, 'Type', el('select', { name: 'type', id: 'new-type' }, [['project', 'project: this project\'s work and facts'],
      ['feedback', 'feedback: a correction or a way of working'], ['user', 'user: who you are, your preferences'],
      ['reference', 'reference: a pointer to a dashboard, tracker or document']].map(([v, t]) => el('option', { value: v }, t)))),
    el('label', {}, 'Description (one line: when it is useful)', el('input', { name: 'description', id: 'new-description',
      required: true })),
    el('label', {}, 'Body (Markdown)', el('textarea', { name: 'body', id: 'new-body', class: 'editor', required: true })),
    el('div', { class: 'actions' }, el('button', { type: 'submit', class: 'primary', id: 'create' }, 'Create'),
      el('a', { href: '#/memories', class: 'button', id: 'new-cancel' }, 'Cancel')));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const data = Object.fromEntries(new FormData(form).entries());
    try {
      const r = await post('memory/create', data);
      const target = '#/memory/' + encodeURIComponent(r.name);
      say(r.done, false, target);
      window.location.hash = target;
    } catch (err) { say(err.message, true); }
  });
  view.replaceChildren(el('p', {}, el('a', { href: '#/memories' }, '← all memories')), el('h2', {}, 'New memory'), form);
}

const historyState = { q: '' };

async function showPastSessions() {
  const form = el('form', { class: 'filters', id: 'history-form' },
    el('label', {}, 'Search past sessions (what engram history finds)', el('input', { type: 'search', name: 'q',
      id: 'history-q', value: historyState.q, placeholder: 'words that were said or done' })),
    el('button', { type: 'submit', class: 'primary', id: 'history-search' }, 'Search'));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    historyState.q = new FormData(form).get('q') || '';
    showPastSessions().catch((err) => say(err.message, true));
  });
  const parts = [el('h2', {}, 'Past sessions'), form];
  if (historyState.q.trim()) {
    const found = await get('history', { q: historyState.q });
    parts.push(found.hits.length === 0 ? el('p', { id: 'no-hits' }, 'No past turn matches.')
      : el('ol', { id: 'history-hits' }, found.hits.map((h) => el('li', { class: 'history-hit' },
        el('p', {}, el('a', { href: '#/session/' + encodeURIComponent(h.session) + (h.uuid ? '/turn/'
          + encodeURIComponent(h.uuid) : ''), class: 'hit-link' }, h.session), ` ${when(h.at)} · ${h.role}`,
        h.tools.length ? ' · ' + h.tools.join(', ') : ''),
        el('p', { class: 'hit-text' }, h.text.length > 400 ? h.text.slice(0, 400) + '…' : h.text)))));
    if (found.problems.length) parts.push(el('ul', { class: 'error' }, found.problems.map((p) => el('li', {}, p))));
  }
  view.replaceChildren(...parts);
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
        say(done.outcome === 'applied' ? 'dream applied, run ' + done.runId
          : done.outcome === 'proposed' ? `dream: ${done.proposed.length} change(s) proposed to the review inbox`
            + (done.runId ? ', the index pruned (run ' + done.runId + ')' : '')
          : 'dream: ' + done.outcome.replace('_', ' '));
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
        + (u.removed.length ? `, set aside ${u.removed.length}` : '')
        + (u.kept.length ? `; kept ${u.kept.map((k) => `${k.path} (${k.why})`).join(', ')}` : ''));
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

// ---- review inbox ------------------------------------------------------------------------------------------

function proposalView(p) {
  const main = p.changes.find((c) => c.kind === 'write');
  const editor = main ? el('textarea', { class: 'editor proposal-text', spellcheck: 'false' }) : null;
  if (editor) editor.value = main.after;
  const review = async (action) => {
    try {
      const edited = editor && editor.value !== main.after ? editor.value : null;
      const r = action === 'accept' ? await post('inbox/accept', { id: p.id, edited })
        : await post('inbox/reject', { id: p.id });
      say(action === 'accept' ? `accepted ${r.id}: wrote ${r.written.join(', ')}` : `rejected ${r.id}`);
      showInbox();
    } catch (e) { say(e.message, true); }
  };
  return el('section', { class: 'proposal', 'data-id': p.id },
    el('h3', {}, p.summary),
    el('p', { class: 'why' }, `${p.origin} · ${when(p.at)}` + (p.session ? ` · session ${p.session}` : '')),
    el('p', { class: 'reason' }, p.reason),
    p.changes.filter((c) => c !== main).map((c) => el('p', { class: 'change' },
      c.kind === 'write' ? `also writes '${c.name}'` : `moves '${c.name}' to the trash`)),
    editor,
    el('div', { class: 'actions' },
      el('button', { class: 'primary accept', onclick: () => review('accept') }, 'Accept'),
      el('button', { class: 'danger reject', onclick: () => review('reject') }, 'Reject')));
}

async function showInbox() {
  const data = await get('inbox');
  view.replaceChildren(el('h2', {}, 'Inbox'),
    el('p', {}, 'What extraction and the dream propose (memory.review: PROPOSE) waits here for your yes. Edit a'
      + ' memory before you accept it; a rejected proposal is not made again.'),
    data.proposals.length === 0 ? el('p', { id: 'inbox-empty' }, 'Nothing waits for your review.')
      : el('div', { id: 'proposals' }, data.proposals.map(proposalView)));
}

// ---- instructions and usage ------------------------------------------------------------------------------

const number = (n) => Number(n).toLocaleString('en-US');

async function showInstructions() {
  const l = await get('instructions');
  const i = l.memoryIndex;
  view.replaceChildren(el('h2', {}, 'Instructions'),
    el('p', {}, 'What a session starting in ', el('code', {}, l.project),
      ' loads, in prompt order (later files win), as engram context shows it.'),
    l.files.length === 0 ? el('p', { id: 'no-files' }, 'No instruction file found.') : el('table', { id: 'instruction-files' },
      el('thead', {}, el('tr', {}, ['#', 'Level', 'File', 'Imported from', 'Chars', 'Tokens'].map((h) => el('th', {}, h)))),
      el('tbody', {}, l.files.map((f, n) => el('tr', { class: 'instruction-file' }, el('td', {}, String(n + 1)),
        el('td', {}, f.level), el('td', {}, f.path), el('td', {}, f.importedFrom.join(' → ')),
        el('td', {}, number(f.chars)), el('td', {}, number(f.tokens)))))),
    el('p', { id: 'instruction-total' }, `Total: ${l.files.length} file(s), ${number(l.totalChars)} chars, `
      + `${number(l.totalTokens)} tokens`),
    l.warnings.length ? el('div', {}, el('h3', {}, 'Warnings'), el('ul', { id: 'instruction-warnings' },
      l.warnings.map((w) => el('li', { class: w.loaded ? '' : 'error' }, w.kind + ': ' + w.message)))) : '',
    el('h3', {}, 'Auto memory index'),
    el('p', { id: 'memory-index' }, i.totalLines === 0 ? 'Empty: no memories yet.'
      : `${i.loadedLines} of ${i.totalLines} lines, ${number(i.loadedBytes)} of ${number(i.totalBytes)} bytes, `
        + `${number(i.tokens)} tokens (${i.projectIndex})` + (i.truncated ? '; cut: ' + i.cutNote : '')));
}

function totals(t) {
  return `${number(t.input + t.output + t.cacheRead + t.cacheWrite)} tokens in ${t.calls} call(s)`;
}

async function showUsage() {
  const u = await get('usage');
  view.replaceChildren(el('h2', {}, 'Model usage'), el('p', { class: 'why' }, 'Ledger: ' + u.ledger),
    u.days.length === 0 ? el('p', { id: 'no-usage' }, 'No model call recorded yet.') : el('div', { id: 'usage-days' },
      u.days.map((d) => el('section', { class: 'usage-day', 'data-day': d.day },
        el('h3', {}, d.day + ' (UTC)'),
        el('p', {}, 'Background: ' + totals(d.background) + `; cap ${number(d.dailyCap)} a day, `
          + `${number(d.dailyRemaining)} left`),
        el('p', {}, 'Foreground: ' + totals(d.foreground) + ' (not capped)'),
        Object.keys(d.backgroundByPurpose).length ? el('p', { class: 'purposes' }, 'By purpose: '
          + Object.entries(d.backgroundByPurpose).map(([k, v]) => k.toLowerCase() + ' ' + number(v)).join(', ')) : '',
        el('table', {}, el('thead', {}, el('tr', {}, ['Session', 'Background', 'Foreground',
          'Left of ' + number(d.sessionCap)].map((h) => el('th', {}, h)))),
          el('tbody', {}, d.sessions.map((s) => el('tr', {}, el('td', {}, s.sessionId),
            el('td', {}, number(s.background.input + s.background.output + s.background.cacheRead + s.background.cacheWrite)),
            el('td', {}, number(s.foreground.input + s.foreground.output + s.foreground.cacheRead + s.foreground.cacheWrite)),
            el('td', {}, number(s.remaining))))))))));
}

// ---- sessions -----------------------------------------------------------------------------------------

const SVG = 'http://www.w3.org/2000/svg';

function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
  for (const c of children.flat()) {
    if (c === undefined || c === null) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

async function showSessions() {
  const data = await get('sessions');
  view.replaceChildren(el('h2', {}, 'Sessions'),
    el('p', { class: 'why' }, 'The sessions whose transcripts the hooks recorded for this project.'),
    data.sessions.length === 0 ? el('p', { id: 'no-sessions' }, 'No session recorded yet.') : el('table', { id: 'sessions' },
      el('thead', {}, el('tr', {}, ['First prompt', 'Agent', 'Started', 'Length', 'Compactions', 'Memories learned']
        .map((h) => el('th', {}, h)))),
      el('tbody', {}, data.sessions.map((s) => {
        const u = s.summary;
        return el('tr', { class: 'session-row', 'data-id': s.id },
          el('td', { class: 'first-prompt' }, el('a', { href: '#/session/' + encodeURIComponent(s.id) },
            u && u.firstPrompt ? u.firstPrompt : s.id), el('div', { class: 'why' }, s.id)),
          el('td', { class: 'agent' }, u ? u.agent : ''),
          el('td', {}, u && u.started ? when(u.started) : s.modified ? when(s.modified) : 'transcript gone'),
          el('td', { class: 'length' }, u ? `${u.turns} prompt(s), ${u.messages} message(s), ${u.minutes} min` : ''),
          el('td', { class: 'compactions' }, u ? String(u.compactions) : ''),
          el('td', { class: 'learned' }, u && u.learned.length ? u.learned.map((n, i) => [i ? ', ' : '', memoryLink(n)])
            : '—'));
      }))));
}

function scoreText(p) {
  return p.score && p.score.total !== undefined ? 'score ' + Number(p.score.total).toFixed(1) : 'no score (truncated)';
}

// The window's fill at each request as a line, the level lines across, and each compaction as a mark.
function windowChart(t) {
  const w = 860; const h = 260; const left = 48; const right = 12; const top = 12; const bottom = 28;
  const ratios = t.points.map((p) => p.tokens / p.windowTokens);
  const yMax = Math.max(1, ...ratios);
  const n = Math.max(1, t.points.length - 1);
  const x = (i) => left + (w - left - right) * (t.points.length === 1 ? 0.5 : i / n);
  const y = (r) => top + (h - top - bottom) * (1 - r / yMax);
  const chart = svg('svg', { id: 'window-chart', viewBox: `0 0 ${w} ${h}`, width: '100%', role: 'img',
    'aria-label': 'context window per request' });
  chart.append(svg('line', { x1: left, y1: y(0), x2: w - right, y2: y(0), stroke: '#5b6673' }),
    svg('line', { x1: left, y1: y(0), x2: left, y2: y(yMax), stroke: '#5b6673' }),
    svg('text', { x: 4, y: y(1) + 4, 'font-size': 11, fill: '#5b6673' }, '100%'),
    svg('text', { x: left, y: h - 8, 'font-size': 11, fill: '#5b6673' }, 'requests →'));
  for (const [name, ratio, colour] of [['warning', t.lines.warning, '#8a5a00'], ['urgent', t.lines.urgent, '#c25e00'],
    ['critical', t.lines.critical, '#b3261e']]) {
    chart.append(svg('line', { class: 'level-line', 'data-level': name, x1: left, y1: y(ratio), x2: w - right,
      y2: y(ratio), stroke: colour, 'stroke-dasharray': '5 4' }),
    svg('text', { x: 4, y: y(ratio) + 4, 'font-size': 11, fill: colour }, Math.round(ratio * 100) + '%'));
  }
  for (const c of t.compactions) {
    const cx = c.beforePoint === 0 ? x(0) : c.beforePoint >= t.points.length ? x(t.points.length - 1)
      : (x(c.beforePoint - 1) + x(c.beforePoint)) / 2;
    const label = c.prepared ? scoreText(c.prepared) : 'compacted (' + (c.trigger || 'unknown') + ')';
    chart.append(svg('g', { class: 'compaction-mark', 'data-line': c.line },
      svg('line', { x1: cx, y1: y(yMax), x2: cx, y2: y(0), stroke: '#2458b3', 'stroke-width': 2 }),
      svg('text', { x: cx + 4, y: top + 12, 'font-size': 11, fill: '#2458b3' }, label),
      svg('title', {}, `compaction at line ${c.line}: ${label}`)));
  }
  if (t.points.length > 0) {
    // One line per segment: a compaction starts the window again, so the line breaks there.
    const segments = new Map();
    t.points.forEach((p, i) => segments.set(p.segment, [...(segments.get(p.segment) || []), i]));
    for (const indices of segments.values()) {
      chart.append(svg('polyline', { class: 'window-line', fill: 'none', stroke: '#1d232b', 'stroke-width': 1.5,
        points: indices.map((i) => `${x(i).toFixed(1)},${y(ratios[i]).toFixed(1)}`).join(' ') }));
    }
    if (t.anchor) {
      const i = t.anchor.point;
      chart.append(svg('circle', { class: 'anchor', cx: x(i), cy: y(ratios[i]), r: 8, fill: 'none',
        stroke: '#2458b3', 'stroke-width': 2 }, svg('title', {}, 'turn ' + t.anchor.turn)));
    }
    t.points.forEach((p, i) => chart.append(svg('circle', { class: 'request', cx: x(i), cy: y(ratios[i]), r: 3,
      fill: p.recorded ? '#1d232b' : '#fff', stroke: '#1d232b' },
      svg('title', {}, `line ${p.line} ${when(p.at)}: ${number(p.tokens)} of ${number(p.windowTokens)} tokens `
        + `(${Math.round(ratios[i] * 100)}%, ${p.level}${p.recorded ? '' : ', estimated'})`))));
  }
  return chart;
}

function preparedView(p, heading) {
  return el('div', { class: 'prepared' }, el('p', {}, heading + `: prepared at ${when(p.preparedAt)} at ${p.percent}% `
    + `by ${p.engine}, ${scoreText(p)}`),
  !Array.isArray(p.lost) || p.lost.length === 0 ? el('p', { class: 'why' }, 'Loss record: nothing dropped.')
    : el('table', { class: 'loss-record' }, el('thead', {}, el('tr', {}, ['Dropped', 'What', 'Why', 'Tokens']
      .map((h) => el('th', {}, h)))), el('tbody', {}, p.lost.map((e) => el('tr', {}, el('td', {}, e.kind.toLowerCase()),
      el('td', {}, e.ref), el('td', {}, e.detail), el('td', {}, number(e.tokens)))))));
}

async function showSession(id, turn) {
  const t = await get('sessions/' + encodeURIComponent(id), turn ? { turn } : undefined);
  const last = t.points[t.points.length - 1];
  const a = t.anchor;
  view.replaceChildren(el('p', {}, el('a', { href: '#/sessions' }, '← all sessions')),
    el('h2', { id: 'session-id' }, t.id), el('p', { class: 'why' }, t.transcript),
    el('p', { id: 'session-summary' }, `${t.points.length} request(s), ${t.compactions.length} compaction(s)`
      + (last ? `; last request ${number(last.tokens)} of ${number(last.windowTokens)} tokens (${last.level})` : '')),
    a ? el('p', { id: 'session-anchor' }, `Turn ${a.turn} (line ${a.line}${a.at ? ', ' + when(a.at) : ''}): `
      + `answered by request ${a.point + 1}, ringed in the chart.`) : '',
    windowChart(t),
    el('p', { class: 'why' }, 'Filled dots: the size the provider recorded; hollow: estimated from the text.'),
    el('h3', {}, 'Compactions'),
    t.compactions.length === 0 ? el('p', {}, 'None in this transcript.') : el('div', { id: 'compactions' },
      t.compactions.map((c) => el('section', { class: 'compaction' },
        el('h4', {}, `Line ${c.line}, ${when(c.at)}: ${c.trigger || 'unknown trigger'}`
          + (c.preTokens ? `, ${number(c.preTokens)} tokens before` : '')),
        c.prepared ? preparedView(c.prepared, 'Engram\'s compaction for it')
          : el('p', { class: 'why' }, 'Engram prepared no compaction for this segment.')))),
    t.pendingPrepared ? preparedView(t.pendingPrepared, 'Prepared for the current segment') : '',
    el('h3', {}, 'What Engram injected'),
    t.injections.length === 0 ? el('p', { id: 'no-injections' }, 'Nothing recorded.') : el('table', { id: 'injections' },
      el('thead', {}, el('tr', {}, ['When', 'Hook', 'Characters', 'Memories (characters: why)', 'Left out for room']
        .map((h) => el('th', {}, h)))),
      el('tbody', {}, t.injections.map((i) => el('tr', { class: 'injection' }, el('td', {}, when(i.at)),
        el('td', {}, i.hook), el('td', {}, number(i.chars)),
        el('td', {}, i.memories.length === 0 ? '(no memory: notes, index or notices)' : el('ul', {},
          i.memories.map((m) => el('li', {}, memoryLink(m.memory), ` (${number(m.chars)}): ${m.why}`)))),
        el('td', {}, i.leftOut.join(', ')))))),
    el('h3', {}, 'Session notes'),
    t.notes ? el('pre', { id: 'session-notes' }, t.notes) : el('p', { id: 'session-notes' }, 'No notes kept yet.'),
    t.problems.length ? el('details', {}, el('summary', {}, t.problems.length + ' transcript line(s) skipped'),
      el('ul', {}, t.problems.map((p) => el('li', {}, p)))) : '');
}

// ---- routing --------------------------------------------------------------------------------------------

const routes = [
  [/^#\/memory\/(.+)$/, (m) => showMemory(decodeURIComponent(m[1])), 'nav-memories'],
  [/^#\/trash$/, () => showTrash(), 'nav-trash'],
  [/^#\/new$/, () => showNewMemory(), 'nav-memories'],
  [/^#\/history$/, () => showPastSessions(), 'nav-history'],
  [/^#\/dreams$/, () => showDreams(), 'nav-dreams'],
  [/^#\/inbox$/, () => showInbox(), 'nav-inbox'],
  [/^#\/instructions$/, () => showInstructions(), 'nav-instructions'],
  [/^#\/usage$/, () => showUsage(), 'nav-usage'],
  [/^#\/sessions$/, () => showSessions(), 'nav-sessions'],
  [/^#\/session\/([^/]+)\/turn\/(.+)$/, (m) => showSession(decodeURIComponent(m[1]), decodeURIComponent(m[2])),
    'nav-sessions'],
  [/^#\/session\/(.+)$/, (m) => showSession(decodeURIComponent(m[1])), 'nav-sessions'],
  [/^(#\/memories)?$/, () => showMemories(), 'nav-memories']
];

async function route() {
  const hash = window.location.hash;
  if (hash !== messagePage) say('');
  for (const [pattern, show, nav] of routes) {
    const m = hash.match(pattern);
    if (m) {
      document.querySelectorAll('nav a').forEach((a) => a.classList.toggle('current', a.id === nav));
      try {
        await show(m);
        labelCells(view);
      } catch (e) {
        view.replaceChildren(el('p', { class: 'error' }, e.message));
      }
      return;
    }
  }
  view.replaceChildren(el('p', { class: 'error' }, 'no page ' + hash));
}

// Each cell knows its column's heading, which a phone-width layout shows beside it (a table is a list of cards there).
function labelCells(root) {
  for (const table of root.querySelectorAll('table')) {
    const headings = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
    for (const row of table.querySelectorAll('tbody tr')) {
      [...row.children].forEach((td, i) => { if (headings[i]) td.dataset.label = headings[i]; });
    }
  }
}

async function logOut() {
  try {
    await fetch('/ui/logout', { method: 'POST', credentials: 'omit', headers: { 'Content-Type': 'application/json',
      'X-Engram-Session': sessionStorage.getItem(SESSION) || '' }, body: '{}' });
  } catch (e) {
    // the service may be gone: the tab forgets the session all the same
  }
  sessionStorage.removeItem(SESSION);
  loggedOut('Logged out. Run engram ui for a new login link.');
}

function loggedOut(why) {
  document.getElementById('logout').hidden = true;
  document.getElementById('project').replaceChildren();
  view.replaceChildren(el('p', { id: 'notice', class: 'error' }, why),
    el('p', {}, 'The Engram UI opens with a one-time link: run ', el('code', {}, 'engram ui'),
      ' in your project (or ', el('code', {}, 'engram ui --print-url'), ' to print it) and open the link it gives.'));
}

// A login link (#login=CODE) is traded once for the session's token, and taken out of the address and history.
async function logIn() {
  const m = window.location.hash.match(/^#login=([0-9a-f]+)$/);
  if (!m) return;
  history.replaceState(null, '', window.location.pathname);
  const response = await fetch('/ui/login', {
    method: 'POST', credentials: 'omit', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code: m[1] })
  });
  const body = await response.json().catch(() => ({}));
  if (response.ok) sessionStorage.setItem(SESSION, body.session);
  else throw new Error(body.error || ('HTTP ' + response.status));
}

async function start() {
  try {
    await logIn();
  } catch (e) {
    loggedOut(e.message);
    return;
  }
  if (!sessionStorage.getItem(SESSION)) {
    loggedOut('not logged in: run `engram ui` for a login link');
    return;
  }
  document.getElementById('logout').hidden = false;
  get('project').then((p) => {
    const project = document.getElementById('project');
    project.replaceChildren(el('bdi', {}, p.directory));
    project.title = p.directory;
  }).catch(() => {});
  route();
}

// A login link opened in a tab already on this page changes only the fragment: it logs in all the same.
window.addEventListener('hashchange', () => {
  pageTurns++;
  return /^#login=/.test(window.location.hash) ? start() : route();
});
document.getElementById('logout').addEventListener('click', logOut);
start();
