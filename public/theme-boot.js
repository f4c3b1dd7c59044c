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
