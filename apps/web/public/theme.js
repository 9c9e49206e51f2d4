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
  // A change of the system's scheme (for 'system') or of the choice in another tab is applied here, not by
  // the app's components: one made before the app has subscribed, or on a page without a theme switch, counts.
  query.addEventListener('change', apply);
  window.addEventListener('storage', apply);
})();
