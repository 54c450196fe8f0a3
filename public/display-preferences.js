/*
 * Sparky Reads: apply the saved display choices to <html> before first paint, so a child who chose
 * high contrast or large text never sees a flash of the other look. A classic script, loaded
 * synchronously from <head>. Mirrors readDisplayPreferences + applyDisplayPreferences in
 * a11y/display-preferences.ts; a11y/display-preferences.test.tsx checks that the two agree.
 */
(function () {
  var KEY = 'sparky-reads:display-preferences';
  var THEMES = ['standard', 'high-contrast'];
  var TEXT_SIZES = ['standard', 'large', 'extra-large'];
  var MOTION = ['system', 'reduced'];
  function oneOf(allowed, value) {
    return typeof value === 'string' && allowed.indexOf(value) !== -1 ? value : null;
  }
  var stored = {};
  try {
    var raw = window.localStorage.getItem(KEY);
    var parsed = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object') stored = parsed;
  } catch {
    // Blocked storage or corrupt JSON: defaults.
  }
  var prefersMoreContrast = false;
  try {
    prefersMoreContrast =
      typeof window.matchMedia === 'function' && window.matchMedia('(prefers-contrast: more)').matches;
  } catch {
    // Old browsers: no preference.
  }
  var root = document.documentElement;
  root.setAttribute(
    'data-theme',
    oneOf(THEMES, stored.theme) || (prefersMoreContrast ? 'high-contrast' : 'standard'),
  );
  root.setAttribute('data-text-size', oneOf(TEXT_SIZES, stored.textSize) || 'standard');
  root.setAttribute('data-motion', oneOf(MOTION, stored.motion) || 'system');
})();
