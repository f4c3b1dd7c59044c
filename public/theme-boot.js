// Theme before first paint; index.html's fallback if a script fails; no beforeunload listener (docs/product.md).
(function (d, w) {
  // Before any module runs: libraries add beforeunload listeners as they load, and the page wants none.
  var add = w.addEventListener.bind(w);
  w.addEventListener = function (type, listener, options) {
    if (type !== 'beforeunload') add(type, listener, options);
  };
  var t = null;
  try {
    t = w.localStorage.getItem('theme');
  } catch {
    // Unreadable: the system's.
  }
  if (t !== 'dark' && t !== 'light') t = w.matchMedia && w.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  d.documentElement.setAttribute('data-theme', t);
  d.documentElement.style.colorScheme = t;
  w.addEventListener('error', function (e) {
    var f = d.getElementById('load-failed');
    if (f && e.target instanceof HTMLScriptElement) f.hidden = false;
  }, true);
  d.addEventListener('click', function (e) {
    if (e.target instanceof Element && e.target.id === 'load-failed-reload') w.location.reload();
  });
})(document, window);
