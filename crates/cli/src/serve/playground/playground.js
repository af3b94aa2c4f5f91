// The harvest playground: sends the page to the API once per format and shows the answers.
'use strict';

// One tab per output: the endpoint, fixed parameters, how to highlight it, its file name. A tab
// whose endpoint writes several syntaxes names, in `formats`, how to highlight and name each
// one the Options' `format` choice of that endpoint may pick (`kind` and `ext` are the default's).
const TABS = [
  { id: 'mf2', label: 'mf2', endpoint: 'mf2', kind: 'json', ext: 'json' },
  { id: 'microdata', label: 'microdata', endpoint: 'microdata', kind: 'json', ext: 'json' },
  { id: 'jsonld', label: 'JSON-LD', endpoint: 'microdata', params: { format: 'jsonld' }, kind: 'json', ext: 'jsonld' },
  { id: 'links', label: 'links', endpoint: 'links', kind: 'json', ext: 'json' },
  { id: 'all', label: 'all', endpoint: 'all', kind: 'json', ext: 'json' },
  { id: 'vcard', label: 'vCard', endpoint: 'vcard', kind: 'lines', ext: 'vcf' },
  { id: 'ical', label: 'iCalendar', endpoint: 'ical', kind: 'lines', ext: 'ics' },
  { id: 'atom', label: 'Atom', endpoint: 'atom', kind: 'xml', ext: 'atom' },
  { id: 'nt', label: 'N-Triples', endpoint: 'rdf', params: { format: 'nt' }, kind: 'rdf', ext: 'nt' },
  { id: 'ttl', label: 'Turtle', endpoint: 'rdf', params: { format: 'ttl' }, kind: 'rdf', ext: 'ttl' },
  {
    id: 'rdfa', label: 'RDFa', endpoint: 'rdfa', kind: 'json', ext: 'jsonld',
    formats: { ttl: { kind: 'rdf', ext: 'ttl' }, nt: { kind: 'rdf', ext: 'nt' } },
  },
  {
    id: 'graph', label: 'Graph', endpoint: 'graph', kind: 'rdf', ext: 'nq',
    formats: {
      ntriples: { kind: 'rdf', ext: 'nt' }, turtle: { kind: 'rdf', ext: 'ttl' }, trig: { kind: 'rdf', ext: 'trig' },
      jsonld: { kind: 'json', ext: 'jsonld' },
    },
  },
  // The diagnostics listed, each one's line marked in the pasted source.
  { id: 'check', label: 'Check', endpoint: 'check', kind: 'check', ext: 'json' },
];
// Outputs larger than this are shown without colours.
const HIGHLIGHT_LIMIT = 512 * 1024;

const $ = (selector) => document.querySelector(selector);
const results = new Map();
let current = 'mf2';

// ---- Highlighting: the text is split into tokens, every piece escaped.

const escapeHtml = (text) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const span = (cls, text) => `<span class="${cls}">${escapeHtml(text)}</span>`;

function replaceTokens(text, pattern, render) {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    out += escapeHtml(text.slice(last, match.index)) + render(match);
    last = match.index + match[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

const HIGHLIGHTERS = {
  json: (text) => replaceTokens(text, /("(?:[^"\\\n]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|\b(true|false|null)\b/g,
    (m) => (m[1] ? (m[2] ? span('k', m[1]) + escapeHtml(m[2]) : span('s', m[1])) : m[3] ? span('n', m[3]) : span('l', m[4]))),
  lines: (text) => replaceTokens(text, /^([A-Za-z0-9-]+)((?:;[^:\n]*)?):/gm,
    (m) => span('k', m[1]) + span('n', m[2]) + ':'),
  xml: (text) => replaceTokens(text, /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<\/?[^\s>/]+|\/?>|([^\s=<>]+)=("[^"]*"|'[^']*')/g,
    (m) => (m[1] ? span('k', m[1]) + '=' + span('s', m[2]) : span('t', m[0]))),
  rdf: (text) => replaceTokens(text, /(<[^>\s]*>)|("(?:[^"\\\n]|\\.)*")(@[A-Za-z0-9-]+|\^\^)?|(_:[A-Za-z0-9_.-]+)|(@prefix|@base)\b/g,
    (m) => (m[1] ? span('l', m[1]) : m[2] ? span('s', m[2]) + (m[3] ? span('n', m[3]) : '') : m[4] ? span('n', m[4]) : span('k', m[5]))),
};

// ---- The form.

function formState() {
  const options = {};
  for (const control of document.querySelectorAll('[data-param]')) {
    const value = control.type === 'checkbox' ? (control.checked ? 'true' : '') : control.value;
    if (value && !(control.tagName === 'SELECT' && control.selectedIndex === 0)) {
      for (const target of control.dataset.param.split(' ')) options[target] = value;
    }
  }
  return {
    source: document.querySelector('input[name=source]:checked').value,
    html: $('#html').value,
    url: $('#url').value.trim(),
    base: $('#base').value.trim(),
    options,
    tab: current,
  };
}

function setFormState(state) {
  document.querySelector(`input[name=source][value=${state.source === 'url' ? 'url' : 'html'}]`).checked = true;
  $('#html').value = state.html || '';
  $('#url').value = state.url || '';
  $('#base').value = state.base || '';
  for (const control of document.querySelectorAll('[data-param]')) {
    const value = (state.options || {})[control.dataset.param.split(' ')[0]];
    if (control.type === 'checkbox') control.checked = value === 'true';
    else if (value) control.value = value;
  }
  showSource();
  if (TABS.some((tab) => tab.id === state.tab)) current = state.tab;
}

function showSource() {
  const byUrl = document.querySelector('input[name=source]:checked').value === 'url';
  $('#html').hidden = byUrl;
  $('#url').hidden = !byUrl;
}

// ---- Calling the API.

// How the answer of `tab` is highlighted and named, for the format the form picks.
function outputOf(tab, state) {
  const chosen = (tab.formats || {})[state.options[`${tab.endpoint}:format`]];
  return chosen || { kind: tab.kind, ext: tab.ext };
}

function request(endpoint, params, state) {
  const query = new URLSearchParams(params);
  for (const [target, value] of Object.entries(state.options)) {
    const [name, parameter] = target.split(':');
    if (name === endpoint) query.set(parameter, value);
  }
  if (state.base) query.set('base_url', state.base);
  if (state.source === 'url') {
    query.set('url', state.url);
    return fetch(`/v1/${endpoint}?${query}`);
  }
  return fetch(`/v1/${endpoint}?${query}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
    body: state.html,
  });
}

async function answer(endpoint, params, state) {
  const started = performance.now();
  try {
    const response = await request(endpoint, params, state);
    const text = await response.text();
    const ms = Math.round(performance.now() - started);
    if (response.ok) return { ok: true, text, type: response.headers.get('Content-Type') || '', status: response.status, ms };
    let message = text;
    try { message = JSON.parse(text).error.message; } catch (_) { /* not JSON: shown as it is */ }
    return { ok: false, text: message, status: response.status, ms };
  } catch (error) {
    return { ok: false, text: `The server could not be reached: ${error.message}`, status: 0, ms: 0 };
  }
}

async function run() {
  const state = formState();
  if (state.source === 'url' && !state.url) { notice('Give a URL to fetch.'); return; }
  notice('Running…');
  $('#run').disabled = true;
  const tabRuns = TABS.map(async (tab) => {
    const output = outputOf(tab, state);
    const params = Object.assign({}, tab.params, ['json', 'check'].includes(output.kind) ? { pretty: 'true' } : {});
    const source = state.source === 'html' ? state.html : null;
    results.set(tab.id, Object.assign(await answer(tab.endpoint, params, state), output, { source }));
    renderTabs();
    if (tab.id === current) show(tab.id);
  });
  const checks = Promise.all([
    answer('microdata', { validate: 'true' }, state),
    answer('links', { check: 'true' }, state),
  ]).then(([microdata, links]) => renderMessages(microdata, links));
  await Promise.all([...tabRuns, checks]);
  $('#run').disabled = false;
  notice('');
}

// ---- Showing the answers.

function renderTabs() {
  const nav = $('#tabs');
  nav.replaceChildren(...TABS.map((tab) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.setAttribute('role', 'tab');
    button.id = `tab-${tab.id}`;
    button.textContent = tab.label;
    button.setAttribute('aria-selected', String(tab.id === current));
    const result = results.get(tab.id);
    if (result && !result.ok) button.classList.add('failed');
    button.addEventListener('click', () => show(tab.id));
    return button;
  }));
}

function show(id) {
  current = id;
  renderTabs();
  const result = results.get(id);
  const code = $('#result code');
  if (!result) {
    code.textContent = 'Paste a page (or give a URL) and press Run.';
    $('#status').textContent = '';
    return;
  }
  if (result.ok && result.kind === 'check') {
    code.replaceChildren(...renderCheck(JSON.parse(result.text), result.source));
    $('#status').textContent = `${result.status} · ${result.type} · ${result.ms} ms`;
  } else if (result.ok) {
    code.innerHTML = result.text.length > HIGHLIGHT_LIMIT ? escapeHtml(result.text) : HIGHLIGHTERS[result.kind](result.text);
    $('#status').textContent = `${result.status} · ${result.type} · ${result.text.length} characters · ${result.ms} ms`;
  } else {
    code.innerHTML = span('err', result.text);
    $('#status').textContent = result.status ? `${result.status} · nothing to show` : 'no answer';
  }
  $('#copy').disabled = !result.ok;
  $('#download').disabled = !result.ok;
}

// ---- The Check tab: the diagnostics, then the pasted source with each one's line marked.

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function renderCheck(record, source) {
  const counts = record.counts;
  const summary = element('span', 'check-summary',
    `${counts.errors} errors, ${counts.warnings} warnings, ${counts.infos} infos; `
    + `${counts.eligible} items eligible for a search feature, ${counts.ineligible} not\n`);
  const list = element('ol', 'check-list');
  list.id = 'check-list';
  const flagged = new Map();
  for (const diagnostic of record.diagnostics) {
    const where = diagnostic.line ? `${diagnostic.line}${diagnostic.column ? `:${diagnostic.column}` : ''}` : '';
    const item = element('li', diagnostic.severity);
    if (diagnostic.line) item.dataset.line = diagnostic.line;
    item.append(element('span', 'where', where ? `line ${where} ` : ''),
      element('span', 'rule', `${diagnostic.severity}[${diagnostic.rule}]`), `: ${diagnostic.message}`);
    if (diagnostic.line) {
      item.addEventListener('click', () => {
        const line = document.getElementById(`source-line-${diagnostic.line}`);
        if (line) line.scrollIntoView({ block: 'center' });
      });
      const messages = flagged.get(diagnostic.line) || [];
      messages.push({ severity: diagnostic.severity, text: `${diagnostic.severity}[${diagnostic.rule}]: ${diagnostic.message}` });
      flagged.set(diagnostic.line, messages);
    }
    list.append(item);
  }
  for (const feature of record.features) {
    const missing = feature.missing_required.length ? `; missing ${feature.missing_required.join(', ')}` : '';
    list.append(element('li', feature.eligible ? 'eligible' : 'ineligible',
      `${feature.feature} ${feature.subject}: ${feature.eligible ? 'eligible' : 'not eligible'}${missing}`));
  }
  if (!list.children.length) list.append(element('li', 'clean', 'Nothing to report.'));
  const parts = [summary, list];
  if (source !== null && source !== undefined) {
    const listing = element('span', 'check-source');
    listing.id = 'check-source';
    source.split(/\r\n|\r|\n/).forEach((text, index) => {
      const number = index + 1;
      const line = element('span', 'source-line');
      line.id = `source-line-${number}`;
      line.dataset.line = number;
      line.append(element('span', 'line-number', String(number).padStart(4)), ` ${text}\n`);
      const messages = flagged.get(number);
      if (messages) {
        line.classList.add('flagged', messages.some((m) => m.severity === 'error') ? 'error' : 'warning');
        line.title = messages.map((m) => m.text).join('\n');
      }
      listing.append(line);
    });
    parts.push(listing);
  }
  return parts;
}

function renderMessages(microdata, links) {
  const list = $('#message-list');
  const items = [];
  for (const [source, result] of [['microdata', microdata], ['links', links]]) {
    if (!result.ok) {
      items.push(messageItem(source, result.text, '', 'error'));
      continue;
    }
    for (const message of JSON.parse(result.text)) {
      items.push(messageItem(source, message.message, message.path, message.severity || 'error', message.section));
    }
  }
  list.replaceChildren(...items);
  $('#messages .empty').textContent = items.length ? '' : 'No messages: the microdata validates and every link type is allowed where it is.';
}

function messageItem(source, text, path, severity, section) {
  const item = document.createElement('li');
  item.className = severity;
  const label = document.createElement('span');
  label.className = 'source';
  label.textContent = `${source}: `;
  item.append(label, text);
  if (path) {
    const where = document.createElement('code');
    where.textContent = ` at ${path}`;
    item.append(where);
  }
  if (section) item.title = `section ${section}`;
  return item;
}

function notice(text) { $('#notice').textContent = text; }

// ---- Copy, download, share.

async function copyOutput() {
  const result = results.get(current);
  if (!result || !result.ok) return;
  try {
    await navigator.clipboard.writeText(result.text);
    notice('Copied.');
  } catch (_) {
    notice('The browser did not allow copying; select the text instead.');
  }
}

function downloadOutput() {
  const result = results.get(current);
  if (!result || !result.ok) return;
  const url = URL.createObjectURL(new Blob([result.text], { type: result.type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `harvest-${current}.${result.ext}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

// The whole form goes in the fragment, deflated and in base64url: nothing reaches a server.
async function encodeState(state) {
  const bytes = new TextEncoder().encode(JSON.stringify(state));
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const packed = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = '';
  for (const byte of packed) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function decodeState(text) {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const packed = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const stream = new Blob([packed]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return JSON.parse(await new Response(stream).text());
}

async function share() {
  const link = `${location.origin}${location.pathname}#s=${await encodeState(formState())}`;
  history.replaceState(null, '', link);
  try {
    await navigator.clipboard.writeText(link);
    notice('Share link copied.');
  } catch (_) {
    notice('Share link in the address bar.');
  }
}

async function start() {
  document.querySelectorAll('input[name=source]').forEach((radio) => radio.addEventListener('change', showSource));
  $('#form').addEventListener('submit', (event) => { event.preventDefault(); run(); });
  $('#share').addEventListener('click', share);
  $('#copy').addEventListener('click', copyOutput);
  $('#download').addEventListener('click', downloadOutput);
  renderTabs();
  show(current);
  const shared = new URLSearchParams(location.hash.slice(1)).get('s');
  if (shared) {
    try {
      setFormState(await decodeState(shared));
      await run();
    } catch (_) {
      notice('The link could not be read.');
    }
  }
}

start();
