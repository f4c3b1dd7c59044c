// Applies the stored or system theme before the first paint, so the page never flashes the
// wrong one. A file, not an inline script, so the Content-Security-Policy can forbid inline code.
(function () {
  var theme = null;
  try {
    theme = window.localStorage.getItem('theme');
  } catch {
    // Storage unreadable: fall back to the system preference.
  }
  if (theme !== 'dark' && theme !== 'light') {
    theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.setAttribute('data-theme', theme);
  document.documentElement.style.colorScheme = theme;
})();

// The app's entry script (or a module it imports) failed to load: index.html's fallback shows,
// never a blank page (docs/product.md#when-the-page-cannot-load). Once the app has rendered, the
// fallback is gone and this does nothing.
window.addEventListener(
  'error',
  function (event) {
    if (!(event.target instanceof HTMLScriptElement)) return;
    var fallback = document.getElementById('load-failed');
    if (fallback) fallback.hidden = false;
  },
  true,
);
document.addEventListener('click', function (event) {
  if (event.target instanceof Element && event.target.id === 'load-failed-reload') window.location.reload();
});
