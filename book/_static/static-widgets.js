/* On this static page a widget cannot recompute: it is shown as the snapshot saved with the notebook,
   with its controls disabled (the output area is made inert) and a note saying to run the notebook.
   Only what the page itself contains is touched; nothing is fetched. */
(function () {
  "use strict";
  var NOTE = "Static page: run the notebook to explore.";
  var DETAIL = " These controls show the values the notebook was saved with; they do not move here. " +
               "Open the notebook in JupyterLab (make lab) to change them and see the results change.";
  var CONTROLS = "input, select, textarea, button, .noUi-target, .noUi-handle, [tabindex]";

  // Figures drawn inside a widget are snapshots too: say so to a reader who cannot see them.
  function describeImages(root) {
    root.querySelectorAll("img:not([alt]), img[alt=\"\"]").forEach(function (image) {
      image.setAttribute("alt", "Figure drawn by the interactive explorer, as saved with the notebook");
    });
  }

  function disableControls(root) {
    describeImages(root);
    root.querySelectorAll(CONTROLS).forEach(function (control) {
      if ("disabled" in control) { control.disabled = true; }
      control.setAttribute("aria-disabled", "true");
      if (control.hasAttribute("tabindex")) { control.setAttribute("tabindex", "-1"); }
    });
  }

  function freeze(view) {
    var output = view.closest(".cell_output") || view.parentElement;
    if (!output || output.classList.contains("static-widget")) { return; }
    output.classList.add("static-widget");
    output.setAttribute("inert", "");
    var note = document.createElement("p");
    note.className = "static-widget-note";
    note.setAttribute("role", "note");
    var strong = document.createElement("strong");
    strong.textContent = NOTE;
    note.appendChild(strong);
    note.appendChild(document.createTextNode(DETAIL));
    output.parentNode.insertBefore(note, output);
    disableControls(output);
    // The widget manager renders after this runs: disable what it adds as it appears.
    new MutationObserver(function () { disableControls(output); })
      .observe(output, { childList: true, subtree: true });
  }

  function run() {
    document.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]').forEach(freeze);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", run);
  } else {
    run();
  }
})();
