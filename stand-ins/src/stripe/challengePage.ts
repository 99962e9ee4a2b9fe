const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The fake's 3-D Secure challenge, like Stripe's test page: the bank's page in a frame with one
 * button to complete the authentication and one to fail it. It tells the Stripe.js stand-in in the
 * page around it (postMessage) once the outcome is recorded.
 */
export function challengePage(amountCents: number, currency: string): string {
  const amount = amountCents > 0 ? `${(amountCents / 100).toFixed(2)} ${currency.toUpperCase()}` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3D Secure 2 Test Page</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:24px;color:#1a1a1a}
h1{font-size:18px;margin:0 0 8px}p{font-size:14px;color:#555}
button{font-size:15px;padding:10px 18px;margin:12px 8px 0 0;border-radius:4px;border:1px solid #635bff;cursor:pointer}
#complete{background:#635bff;color:#fff}#fail{background:#fff;color:#635bff}</style></head>
<body><h1>3D Secure 2 Test Page</h1>
<p>This is a test payment of <b>${escapeHtml(amount)}</b> in the local stand-in for Stripe. Nothing is charged.</p>
<p>Complete or fail the authentication as the card's bank would.</p>
<button id="complete" type="button">Complete authentication</button>
<button id="fail" type="button">Fail authentication</button>
<script>
for (const outcome of ['complete', 'fail']) {
  document.getElementById(outcome).addEventListener('click', async () => {
    const u = new URL(location.href);
    await fetch(u.pathname + '/' + outcome + u.search, { method: 'POST' });
    parent.postMessage({ type: 'emberwatch-fake-3ds', outcome }, '*');
  });
}
</script></body></html>`;
}
