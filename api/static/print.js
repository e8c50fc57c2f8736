// The paper kit's pages (api/templates/print_*.html): a Print button where scripts run, and
// on the table cards each table's link as a QR code. Only the director's phone holds the
// table links; it opens the cards page with them in the address's #fragment (#1=<link>&2=…),
// which never reaches a server, and the codes are drawn here by the PWA's own encoder
// (pwa/js/parts/qr-code.js, lean-qr). Only this server's table links are drawn.
const printButton = document.getElementById('print-now');
if (printButton) {
  printButton.hidden = false;
  printButton.addEventListener('click', () => window.print());
}

/** The table links the fragment carries: {table number: link}, this origin's table links only. */
function linksOf(hash) {
  const links = {};
  // a table's own link (#/table/…) or the older link of one match (#/t/…)
  const tablePages = [`${location.origin}/#/table/`, `${location.origin}/#/t/`];
  for (const [table, link] of new URLSearchParams(hash.replace(/^#/, ''))) {
    if (/^\d{1,4}$/.test(table) && tablePages.some((p) => link.startsWith(p))) links[table] = link;
  }
  return links;
}

/** Draw each linked table's QR (the encoder is loaded only when there is a link to draw). */
async function drawCards() {
  const links = linksOf(location.hash);
  if (!Object.keys(links).length) return;
  const { qrSvg } = await import('/js/parts/qr-code.js');
  for (const slot of document.querySelectorAll('.qr-slot')) {
    const link = links[slot.dataset.table];
    if (link) slot.replaceChildren(qrSvg(link, `QR code: table ${slot.dataset.table}'s link`));
  }
  document.getElementById('cards-note')?.remove();
}

if (document.querySelector('.qr-slot')) drawCards();
