/*
 * The two static files of the tracking pages (ADR 036), kept in code so that the pages need
 * nothing from the web build: a script the CSP allows ('self') and one style sheet.
 */

/**
 * Posts the landing form once the page has been visible for 600 ms. A link scanner that only
 * fetches the page never runs it; one that renders pages in the background is rarely "visible".
 */
export const CONTINUE_JS = `(function () {
  var form = document.getElementById('continue');
  if (!form) return;
  var shown = 0;
  function tick() {
    if (document.visibilityState === 'visible') shown += 100;
    if (shown >= 600) return form.submit();
    setTimeout(tick, 100);
  }
  tick();
})();
`;

export const LESSON_CSS = `:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; line-height: 1.5; color: #1a1a1a; background: #f4f6f9; }
body { margin: 0; }
main { max-width: 44rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
h1 { font-size: 1.5rem; line-height: 1.25; margin: 0 0 1rem; color: #083a66; overflow-wrap: anywhere; }
h2 { font-size: 1.2rem; margin: 2rem 0 0.75rem; color: #083a66; }
p { margin: 0 0 1rem; }
.lead { font-size: 1.1rem; }
.note { background: #e8f0f9; border-left: 4px solid #0b4f8a; padding: 0.75rem 1rem; }
button { font: inherit; padding: 0.7rem 1.2rem; border-radius: 6px; border: 2px solid #0b4f8a; background: #fff; color: #0b4f8a; cursor: pointer; }
button.primary, .imitation button { background: #0b4f8a; color: #fff; }
button:focus-visible, input:focus-visible { outline: 3px solid #ffbf47; outline-offset: 2px; }
.mail { background: #fff; border: 1px solid #c9ced6; border-radius: 8px; overflow: hidden; }
.mail-header { margin: 0; padding: 0.75rem 1rem; background: #eef1f5; border-bottom: 1px solid #c9ced6; }
.mail-header div { display: flex; gap: 0.75rem; flex-wrap: wrap; padding: 0.2rem; }
.mail-header dt { min-width: 4.5rem; color: #4a4f57; }
.mail-header dd { margin: 0; overflow-wrap: anywhere; }
.mail-body { padding: 1rem; }
.part { margin: 0 0 0.75rem; padding: 0.25rem; overflow-wrap: anywhere; }
.signed { border: 2px solid #a35200; border-radius: 6px; background: #fff4e0; padding: 0.4rem 0.5rem; }
.marker { display: inline-flex; align-items: center; justify-content: center; min-width: 1.5rem; height: 1.5rem; margin-right: 0.4rem; border-radius: 50%; background: #a35200; color: #fff; font-weight: 700; font-size: 0.85rem; }
.link { color: #0b57d0; text-decoration: underline; }
.button { display: inline-block; background: #0b57d0; color: #fff; padding: 0.4rem 0.9rem; border-radius: 4px; }
.attachment { display: inline-block; border: 1px solid #c9ced6; border-radius: 4px; padding: 0.3rem 0.6rem; }
.qr { display: inline-block; width: 3rem; height: 3rem; margin-right: 0.5rem; vertical-align: middle; background: repeating-linear-gradient(90deg, #1a1a1a 0 4px, #fff 4px 8px), #fff; }
.target { display: block; font-size: 0.9rem; color: #4a4f57; margin-top: 0.3rem; font-family: ui-monospace, monospace; }
.role-signature { color: #4a4f57; }
.signs { padding-left: 1.5rem; }
.signs li { margin-bottom: 0.75rem; }
.signs li::marker { font-weight: 700; color: #a35200; }
.signs p { margin: 0.2rem 0 0; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.imitation { max-width: 24rem; margin: 2rem auto; background: #fff; border: 1px solid #c9ced6; border-radius: 8px; padding: 1.5rem; }
.imitation label { display: block; margin: 0.75rem 0 0.25rem; }
.imitation input { width: 100%; box-sizing: border-box; font: inherit; padding: 0.5rem; border: 1px solid #6b7280; border-radius: 4px; }
.imitation button { margin-top: 1rem; width: 100%; }
`;
