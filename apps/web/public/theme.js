/* global window, document */
// Runs before the first paint (a blocking script in index.html's head, a file so the CSP needs no inline
// script), so a dark page never flashes light. The choice is kept in localStorage under 'stackyard-theme':
// 'light', 'dark' or 'system' (the default, which follows prefers-color-scheme). src/lib/theme.ts writes it
// and applies the same rule when it changes.
(function () {
  var query = window.matchMedia('(prefers-color-scheme: dark)');
  var apply = function () {
    var stored = null;
    try {
      stored = window.localStorage.getItem('stackyard-theme');
    } catch {
      // Storage can be disabled: fall back to the system's choice.
    }
    var dark = stored === 'dark' || (stored !== 'light' && query.matches);
    document.documentElement.classList.toggle('dark', dark);
  };
  apply();
  // Listening from here rather than only from the app's components: a scheme change before the app has
  // subscribed, or on a page without a theme switch, is still followed.
  query.addEventListener('change', apply);
})();
