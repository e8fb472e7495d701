/* The course's explorers on a static page: every state of each explorer's grid was computed at build time
   by the package (bookeval_lib.course.explorer) and shipped as window.bookevalExplorers[key]; this script
   only finds the frame of the controls' position and swaps it in: the figure's changing marks, the numbers
   and the figure's description.  It computes no measure and fetches nothing. */
(function () {
  "use strict";

  function decoder(width) {
    var digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    return function (text, at) {
      var value = 0;
      for (var i = 0; i < width; i += 1) { value = value * 64 + digits.indexOf(text.charAt(at + i)); }
      return value;
    };
  }

  function fill(template, fields) {
    return template.replace(/\{(\w+)\}/g, function (_, name) { return fields[name]; });
  }

  function start(root, frames) {
    var inputs = Array.prototype.slice.call(root.querySelectorAll("input[data-bx-control]"));
    var decode = decoder(frames.width);
    var layers = frames.layers.map(function (name) {
      return root.querySelector('g[id="bx-' + name + '"]');
    });
    var figure = root.querySelector(".bx-figure");

    function show() {
      var index = 0;
      inputs.forEach(function (input, i) {
        index = index * frames.controls[i].values.length + Number(input.value);
        var text = frames.controls[i].values[Number(input.value)];
        input.setAttribute("aria-valuetext", text);
        root.querySelector('output[data-bx-readout="' + frames.controls[i].name + '"]').textContent = text;
      });
      var state = frames.states[index];
      var column = 0;
      layers.forEach(function (group) {
        var text = frames.pools[column][decode(state, column * frames.width)];
        if (group && group.innerHTML !== text) { group.innerHTML = text; }
        column += 1;
      });
      var fields = {};
      frames.fields.forEach(function (name) {
        fields[name] = frames.pools[column][decode(state, column * frames.width)];
        column += 1;
      });
      root.querySelectorAll("[data-bx]").forEach(function (slot) {
        slot.textContent = fields[slot.getAttribute("data-bx")];
      });
      root.querySelectorAll("[data-bx-if]").forEach(function (element) {
        element.hidden = !fields[element.getAttribute("data-bx-if")];
      });
      if (figure) { figure.setAttribute("aria-label", fill(frames.alt, fields)); }
      root.setAttribute("data-bx-state", String(index));
    }

    inputs.forEach(function (input) { input.addEventListener("input", show); });
    show();
    root.classList.add("bx-live");
  }

  function run() {
    document.querySelectorAll(".bx-explorer[data-bx-id]").forEach(function (root) {
      var frames = (window.bookevalExplorers || {})[root.getAttribute("data-bx-id")];
      if (frames) { start(root, frames); }
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", run);
  } else {
    run();
  }
})();
