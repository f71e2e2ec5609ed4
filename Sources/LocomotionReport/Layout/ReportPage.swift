import Locomotion

/// The page around the panels: head and inline style, title and subtitle, the colour legend,
/// the panels in order and the summary.
struct ReportPage {
    /// One panel: a heading, a one-line caption and its `<svg>`.
    struct Panel {
        var heading: String
        var caption: String
        var svg: String
    }

    var title: String
    var subtitle: [String]
    /// Whether the legend shows the hatch of windows whose label names no activity.
    var showsUnlabelled: Bool
    var panels: [Panel]
    var summary: String

    static let style = """
        *{box-sizing:border-box}
        body{margin:0;background:#eef1f4;color:#1d232b;font:14px/1.45 "DejaVu Sans",Helvetica,Arial,sans-serif}
        main{width:1200px;margin:0 auto;padding:24px 0 40px}
        h1{font-size:24px;margin:0 0 4px}
        .subtitle{color:#4b5563;margin:0 0 14px;overflow-wrap:anywhere}
        .subtitle span+span::before{content:"\\00b7";padding:0 8px;color:#9aa1aa}
        .legend{display:flex;flex-wrap:wrap;gap:6px 20px;margin:0 0 16px;padding:0;list-style:none}
        .swatch{display:inline-block;width:14px;height:14px;border-radius:3px;vertical-align:-2px;margin-right:7px}
        .hatch{background:repeating-linear-gradient(45deg,#b3b9c1 0 2px,#eef0f2 2px 6px)}
        section{background:#fff;border-radius:6px;box-shadow:0 0 0 1px #d8dde3;margin:0 0 14px;padding:10px 0 2px}
        section h2{font-size:15px;margin:0 24px 0 24px}
        section p.caption{margin:0 24px 2px;color:#5b6572;font-size:12.5px}
        svg{display:block}
        .summary{display:grid;grid-template-columns:1fr 1fr;gap:14px;margin:0 0 14px}
        .card{background:#fff;border-radius:6px;box-shadow:0 0 0 1px #d8dde3;padding:12px 24px 14px}
        .card.wide{margin:0 0 14px}
        .card h3{font-size:15px;margin:0 0 6px}
        table{border-collapse:collapse;width:100%}
        th,td{padding:4px 8px;border-bottom:1px solid #e6e9ed;text-align:left;font-weight:normal}
        thead th{color:#5b6572;font-size:12.5px}
        tbody th{color:#3a434e}
        td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
        tr.total td{font-weight:bold;border-bottom:none}
        p.none{color:#5b6572;margin:4px 0}
        footer{color:#6b7480;font-size:12px}
        """

    func render() -> String {
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=1240\">\n"
        out +=
            "<title>\(HTMLEscaping.escape(title))</title>\n<style>\n\(Self.style)\n</style>\n</head>\n<body>\n<main>\n"
        out += "<h1>\(HTMLEscaping.escape(title))</h1>\n"
        out += "<p class=\"subtitle\">" + subtitle.map { "<span>\(HTMLEscaping.escape($0))</span>" }.joined() + "</p>\n"
        out += legend()
        for panel in panels {
            out += "<section>\n<h2>\(HTMLEscaping.escape(panel.heading))</h2>\n"
            out += "<p class=\"caption\">\(HTMLEscaping.escape(panel.caption))</p>\n"
            out += panel.svg + "\n</section>\n"
        }
        out += "<h2>Summary</h2>\n" + summary
        out += "<footer>Times are seconds in the recording's own time base.</footer>\n"
        return out + "</main>\n</body>\n</html>\n"
    }

    private func legend() -> String {
        var out = "<ul class=\"legend\">\n"
        for activity in ActivityType.allCases {
            out += "<li><span class=\"swatch\" style=\"background:\(ActivityPalette.fill(activity))\"></span>"
            out += HTMLEscaping.escape(activity.displayName) + "</li>\n"
        }
        if showsUnlabelled { out += "<li><span class=\"swatch hatch\"></span>label names no activity</li>\n" }
        return out + "</ul>\n"
    }
}
