extension LinkCatalogue {
  /// The catalogue as one self-contained HTML page: no external file, font or script (QR codes
  /// are inline SVG, the style and the search script inline), a viewport for phones, examples laid
  /// out as cards that stack on a narrow screen, and a search box that hides the examples whose
  /// text does not contain what is typed.
  package var html: String {
    var page = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>Link catalogue: market \(MarkupText.escaped(market))</title>
      <style>
      body{font:16px/1.4 -apple-system,system-ui,sans-serif;margin:0 auto;padding:12px;max-width:980px;color:#111;background:#fff}
      h1{font-size:1.4em}h2{font-size:1.1em;margin:1.6em 0 .4em;word-break:break-all}
      input[type=search]{width:100%;box-sizing:border-box;font-size:1em;padding:10px;margin:8px 0 4px;position:sticky;top:0}
      .meta{color:#555;font-size:.9em}
      .example{display:flex;flex-wrap:wrap;gap:12px;border:1px solid #ddd;border-radius:8px;padding:10px;margin:8px 0}
      .example svg{flex:none;width:180px;height:180px;max-width:100%}
      .example .facts{flex:1 1 260px;min-width:0}
      code,pre{font:13px/1.35 ui-monospace,Menlo,monospace;word-break:break-all;white-space:pre-wrap}
      pre{background:#f4f4f4;padding:6px;border-radius:4px;margin:4px 0}
      .yes{color:#064}.no{color:#a00}
      </style>
      </head>
      <body>
      <h1>Link catalogue: market \(MarkupText.escaped(market))</h1>
      <p class="meta">Every example was decided by the router when this page was written and opens the route shown. \
      iOS: the apple-app-site-association <code>deeplink aasa</code> writes (Apple's documented matching). \
      Android: the intent filters <code>deeplink intent-filters</code> writes (API 31+). Scan a code with the phone's camera to open its link.</p>
      <input type="search" id="search" placeholder="Search links, routes, rules, languages" aria-label="Search">
      <p class="meta" id="count"></p>

      """
    for entry in entries {
      page += "<section class=\"route\">\n<h2><code>\(MarkupText.escaped(entry.pattern))</code> "
      page += MarkupText.escaped(entry.name) + "</h2>\n<p class=\"meta\">owner " + MarkupText.escaped(entry.owner)
      page +=
        " · barriers: "
        + (entry.barriers.isEmpty ? "none" : entry.barriers.map(MarkupText.escaped).joined(separator: ", "))
      page += " · changes state: " + (entry.changesState ? "yes" : "no")
      if let navigation = entry.navigation { page += " · opens in: " + MarkupText.escaped(navigation) }
      page += "</p>\n"
      if entry.examples.isEmpty { page += "<p class=\"meta\">No rule or scheme reaches it from outside the app.</p>\n" }
      for example in entry.examples {
        let search = [entry.pattern, entry.name, example.link, example.via, example.language ?? ""].joined(
          separator: " ")
        page += "<div class=\"example\" data-search=\"\(MarkupText.escaped(search.lowercased()))\">\n"
        page += example.qrCode.svg(label: "QR code of " + example.link) + "\n<div class=\"facts\">\n"
        page +=
          "<p><a href=\"\(MarkupText.escaped(example.link))\"><code>\(MarkupText.escaped(example.link))</code></a></p>\n"
        page +=
          "<p class=\"meta\">via <code>\(MarkupText.escaped(example.via))</code> (\(MarkupText.escaped(example.owner)))"
        if let language = example.language { page += " · language " + MarkupText.escaped(language) }
        page +=
          " · barriers: "
          + (example.barriers.isEmpty ? "none" : example.barriers.map(MarkupText.escaped).joined(separator: ", "))
        page += "<br>iOS: <span class=\"\(example.iOS == .unclaimed ? "no" : "yes")\">\(example.iOS.rawValue)</span>"
        page +=
          " · Android: <span class=\"\(example.android == .unclaimed ? "no" : "yes")\">\(example.android.rawValue)</span></p>\n"
        page +=
          "<pre>" + MarkupText.escaped(example.simulatorCommand) + "\n" + MarkupText.escaped(example.adbCommand)
          + "</pre>\n"
        page += "</div>\n</div>\n"
      }
      page += "</section>\n"
    }
    page += """
      <script>
      (function () {
        var box = document.getElementById('search');
        var count = document.getElementById('count');
        var examples = Array.prototype.slice.call(document.querySelectorAll('.example'));
        function filter() {
          var words = box.value.toLowerCase().split(/\\s+/).filter(Boolean);
          var shown = 0;
          examples.forEach(function (example) {
            var text = example.getAttribute('data-search');
            var match = words.every(function (word) { return text.indexOf(word) !== -1; });
            example.hidden = !match;
            if (match) { shown += 1; }
          });
          document.querySelectorAll('section.route').forEach(function (section) {
            section.hidden = section.querySelector('.example:not([hidden])') === null && words.length > 0;
          });
          count.textContent = shown + ' of ' + examples.length + ' examples';
        }
        box.addEventListener('input', filter);
        filter();
      })();
      </script>
      </body>
      </html>

      """
    return page
  }
}
