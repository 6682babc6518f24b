'use strict';
// The USSD simulator's page (ussd-simulator.js): a phone's dialler and screen for testers. Plain HTML and a few lines
// of script over the simulator's own HTTP API; nothing of it is Afya's.
const { escapeHtml } = require('./http-util');

function ussdSimulatorPage(serviceCode) {
  const code = escapeHtml(serviceCode);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>USSD simulator (sandbox)</title>
<style>
  body { font-family: Arial, sans-serif; background: #eef2f5; color: #1f2937; margin: 0; padding: 16px; }
  main { max-width: 360px; margin: 0 auto; }
  .phone { background: #222; border-radius: 28px; padding: 18px; }
  .screen { background: #d7e4c0; color: #111; font-family: "Courier New", monospace; font-size: 15px; min-height: 180px;
    white-space: pre-wrap; padding: 10px; border-radius: 6px; }
  .screen[data-ended="true"] { background: #e5e7eb; }
  label { display: block; color: #fff; font-size: 14px; margin: 10px 0 4px; }
  input { font-size: 18px; width: 100%; box-sizing: border-box; padding: 6px; }
  .keys { display: grid; grid-template-columns: repeat(3, 1fr); gap: 8px; margin-top: 10px; }
  button { font-size: 18px; padding: 10px; border-radius: 8px; border: 0; background: #f3f4f6; color: #111; cursor: pointer; }
  button:disabled { opacity: 0.45; cursor: not-allowed; }
  .actions { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; margin-top: 10px; }
  .call { background: #15803d; color: #fff; }
  .hang { background: #b91c1c; color: #fff; }
  p.note { font-size: 13px; }
</style>
</head>
<body>
<main>
  <h1>USSD simulator</h1>
  <p class="note">Sandbox: plays Africa's Talking and the network. Dial <strong>${code}</strong> from a patient's phone number.</p>
  <div class="phone">
    <label for="phone">Phone number</label>
    <input id="phone" name="phone" inputmode="tel" autocomplete="off" value="0712345678">
    <div class="screen" id="screen" role="status" aria-live="polite" data-ended="true">Dial ${code} to start.</div>
    <label for="entry">Reply</label>
    <input id="entry" name="entry" inputmode="numeric" autocomplete="off" disabled>
    <div class="keys" role="group" aria-label="Keypad">
      ${['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'].map((k) => `<button type="button" class="key" data-key="${k}">${k}</button>`).join('')}
    </div>
    <div class="actions">
      <button type="button" class="call" id="dial">Dial ${code}</button>
      <button type="button" class="call" id="send" disabled>Send</button>
    </div>
    <div class="actions"><button type="button" class="hang" id="hangup">Hang up</button></div>
  </div>
</main>
<script>
  const $ = (id) => document.getElementById(id);
  let session = null;
  function show(s) {
    session = s;
    $('screen').textContent = s.screen;
    $('screen').dataset.ended = String(s.ended);
    $('entry').value = '';
    $('entry').disabled = s.ended;
    $('send').disabled = s.ended;
    if (!s.ended) $('entry').focus();
  }
  async function call(path, body) {
    const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const answer = await res.json();
    if (!res.ok) { $('screen').textContent = answer.message; $('screen').dataset.ended = 'true'; return; }
    show(answer);
  }
  $('dial').addEventListener('click', () => call('/api/sessions', { phoneNumber: $('phone').value }));
  $('send').addEventListener('click', () => session && call('/api/sessions/' + session.sessionId + '/keys', { key: $('entry').value }));
  $('entry').addEventListener('keydown', (e) => { if (e.key === 'Enter') $('send').click(); });
  $('hangup').addEventListener('click', () => { session = null; show({ screen: 'Dial ${code} to start.', ended: true }); });
  for (const b of document.querySelectorAll('.key')) b.addEventListener('click', () => { if (!$('entry').disabled) $('entry').value += b.dataset.key; });
</script>
</body>
</html>`;
}

module.exports = { ussdSimulatorPage };
