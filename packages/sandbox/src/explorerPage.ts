/**
 * The HTML of the API explorer: Swagger UI on `/openapi.json`, a bar with the key (prefilled,
 * editable) and a request interceptor that signs every call to the sandbox's `/api/` paths in
 * the browser, as the transport does: base64(HMAC-SHA256(secret, timestamp + METHOD + path +
 * "?query" + body)), with the timestamp on the sandbox's clock (read once from
 * `/api/v3/public/time`, so an advanced sandbox clock still signs in its window).
 */

/** The key the page signs with. */
export type ExplorerKey = {
  readonly apiKey: string
  readonly secret: string
  readonly passphrase: string
  /** The mode of the key's account: the other mode's private endpoints answer 40084 or 40085. */
  readonly accountMode: 'unified' | 'classic'
}

/** The sentence of the bar about the key's account mode. */
function modeNote(mode: ExplorerKey['accountMode']): string {
  return mode === 'unified'
    ? 'Account mode: unified (UTA). The /api/v3 endpoints answer; the classic ones (/api/v2/mix, the classic transfers) answer 40085, as live.'
    : 'Account mode: classic. The /api/v2/mix endpoints and the classic transfers answer; the unified ones (/api/v3) answer 40084, as live.'
}

/** JSON inside a `<script>` element: `<` escaped so no text closes the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

/** Runs in the browser. Kept as plain ES2020 without imports. */
const client = `
const key = JSON.parse(document.getElementById('tradeline-key').textContent)
for (const name of ['apiKey', 'secret', 'passphrase']) document.getElementById(name).value = key[name]
const encoder = new TextEncoder()
let offset
async function clockOffset() {
  if (offset === undefined) {
    const answer = await (await fetch('/api/v3/public/time')).json()
    offset = Number(answer.data.serverTime) - Date.now()
  }
  return offset
}
function base64(buffer) {
  let text = ''
  for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte)
  return btoa(text)
}
const rules = document.getElementById('rules')
/** Shows what the rules say about the request (the sandbox runs Endpoint.check on it). */
async function showRules(method, url, body) {
  const input = method === 'GET' ? Object.fromEntries(url.searchParams) : body ? JSON.parse(body) : {}
  const answer = await (await fetch('/explorer/check', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ method, path: url.pathname, input }) })).json()
  rules.replaceChildren()
  rules.className = answer.issues.length > 0 ? 'refused' : 'passed'
  if (!answer.known) return
  const title = document.createElement('strong')
  title.textContent = answer.issues.length > 0 ? answer.endpoint + ': the rules refuse this request (it is sent anyway, to show the exchange answer)' : answer.endpoint + ': the rules accept this request'
  rules.append(title)
  for (const issue of answer.issues) {
    const item = document.createElement('div')
    item.textContent = issue.message
    rules.append(item)
  }
}
async function sign(request) {
  const url = new URL(request.url, location.href)
  if (url.origin !== location.origin || !url.pathname.startsWith('/api/')) return request
  try {
    await showRules(request.method.toUpperCase(), url, request.body)
  } catch {
    rules.textContent = 'The request body is not JSON.'
  }
  const secret = document.getElementById('secret').value
  const timestamp = String(Date.now() + (await clockOffset()))
  const body = request.body === undefined || request.body === null ? '' : String(request.body)
  const prehash = timestamp + request.method.toUpperCase() + url.pathname + url.search + body
  const hmac = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const signature = base64(await crypto.subtle.sign('HMAC', hmac, encoder.encode(prehash)))
  request.headers['ACCESS-KEY'] = document.getElementById('apiKey').value
  request.headers['ACCESS-SIGN'] = signature
  request.headers['ACCESS-TIMESTAMP'] = timestamp
  request.headers['ACCESS-PASSPHRASE'] = document.getElementById('passphrase').value
  request.headers['Content-Type'] = 'application/json'
  return request
}
window.ui = SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  tryItOutEnabled: true,
  validatorUrl: null,
  requestInterceptor: sign,
})
`

/** The explorer page for a key. */
export function explorerPage(key: ExplorerKey): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>tradeline sandbox: API explorer</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/explorer/swagger-ui.css">
<style>
  body { margin: 0; font-family: system-ui, sans-serif; }
  #key { display: flex; gap: 1rem; flex-wrap: wrap; align-items: end; padding: 0.75rem 1.25rem; background: #1b1f24; color: #f3f4f6; }
  #key label { display: grid; gap: 0.25rem; font-size: 0.8rem; }
  #key input { font: 0.85rem ui-monospace, monospace; width: 22rem; padding: 0.3rem; }
  #key p { margin: 0; font-size: 0.8rem; max-width: 30rem; }
  #rules { position: sticky; top: 0; z-index: 10; padding: 0 1.25rem; font-size: 0.9rem; }
  #rules.refused { background: #fde8e8; color: #7f1d1d; padding: 0.6rem 1.25rem; }
  #rules.passed { background: #e7f6ec; color: #14532d; padding: 0.6rem 1.25rem; }
</style>
</head>
<body>
<form id="key" autocomplete="off" onsubmit="return false">
  <strong>tradeline sandbox</strong>
  <label>ACCESS-KEY <input id="apiKey" spellcheck="false"></label>
  <label>Secret (signs in this page, never sent) <input id="secret" type="password" spellcheck="false"></label>
  <label>ACCESS-PASSPHRASE <input id="passphrase" type="password" spellcheck="false"></label>
  <p>Every request to /api/ is signed here with HMAC-SHA256 over timestamp + method + path + query + body, on the sandbox's clock.</p>
  <p id="account-mode">${modeNote(key.accountMode)}</p>
</form>
<div id="rules" role="status" aria-live="polite"></div>
<div id="swagger-ui"></div>
<script id="tradeline-key" type="application/json">${scriptJson(key)}</script>
<script src="/explorer/swagger-ui-bundle.js"></script>
<script>${client}</script>
</body>
</html>
`
}
