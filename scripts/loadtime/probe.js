// The probe runs in the post's head, before the embed script, and records
// in window.__t the performance.now() of the first moment (from navigation
// start) each stage holds for the first [data-kibitz] element:
//   placeholder: its shadow root holds the loader's .kz-loading box;
//   usable: no aria-busy on it, no .kz-loading in its shadow root, and the
//           game's ready selector (READY) matches there.
// MutationObservers see each change at the end of the task that made it;
// a requestAnimationFrame poller backs them up.
(function () {
  var READY = "__READY__";
  var t = (window.__t = { placeholder: null, usable: null });
  var watchedRoot = null;
  var observers = [];
  function check() {
    var el = document.querySelector("[data-kibitz]");
    var root = el && el.shadowRoot;
    if (!root) return;
    if (root !== watchedRoot) {
      watchedRoot = root;
      watch(root, { childList: true, subtree: true, attributes: true });
    }
    var loading = root.querySelector(".kz-loading");
    var now = performance.now();
    if (t.placeholder === null && loading) t.placeholder = now;
    if (t.usable === null && !loading && !el.hasAttribute("aria-busy") && root.querySelector(READY)) {
      t.usable = now;
      observers.forEach(function (o) { o.disconnect(); });
    }
  }
  function watch(node, options) {
    var o = new MutationObserver(check);
    o.observe(node, options);
    observers.push(o);
  }
  watch(document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ["aria-busy"] });
  (function frame() {
    check();
    if (t.usable === null) requestAnimationFrame(frame);
  })();
})();
