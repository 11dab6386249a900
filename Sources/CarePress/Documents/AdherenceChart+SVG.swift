/// The chart as SVG markup.
///
/// Every element carries a class (`adherence-chart` on the root; `all`, `some`, `none`, `untracked` on bars and
/// swatches; `grid` on the grid lines) and the light colours as presentation attributes. Shown inline in a page, the
/// theme's stylesheet recolours it (text in the page's colour, bars for dark mode); as a file on its own, it is drawn
/// in the light colours on a transparent background. The states differ by shape as well as colour (solid, hatched,
/// a stub, pale), so that the chart reads in greyscale print.
extension AdherenceChart {
    /// The light colours of the states, for the presentation attributes.
    static func colour(_ state: State) -> String {
        switch state {
        case .all: "#1b7f3b"
        case .some: "#9a6700"
        case .none: "#b3261e"
        case .untracked: "#dfe3e8"
        }
    }

    /// The id of the hatching of the `some` state: one chart per page, so one id.
    static let hatchID = "adherence-chart-some"

    /// The SVG document (empty when nothing is tracked).
    var svg: String {
        guard adherence.firstDate != nil else { return "" }
        let bars = bars
        let layout = AdherenceChartLayout(bars: bars, period: period, planned: adherence.plannedIDs.count)
        let (width, height) = (layout.width, AdherenceChartLayout.height)
        let (top, plotHeight, baseline) =
            (AdherenceChartLayout.plotTop, AdherenceChartLayout.plotHeight, AdherenceChartLayout.baseline)
        let alt = HTMLEscaping.escaped(altText)
        var lines = [
            ##"<svg xmlns="http://www.w3.org/2000/svg" class="adherence-chart" width="\##(width)" height="\##(height)" "##
                + ##"viewBox="0 0 \##(width) \##(height)" role="img" aria-label="\##(alt)" "##
                + ##"font-family="system-ui, sans-serif" font-size="\##(AdherenceChartLayout.fontSize)">"##,
            "<title>\(alt)</title>",
            ##"<defs><pattern id="\##(Self.hatchID)" width="4" height="4" patternUnits="userSpaceOnUse" "##
                + ##"patternTransform="rotate(45)"><rect class="some-stripe" width="2" height="4" "##
                + ##"fill="\##(Self.colour(.some))"/></pattern></defs>"##,
            text(layout.title),
        ]
        for item in layout.legend {
            lines.append(swatch(item.state, x: item.x, y: item.y))
            lines.append(text(.init(text: item.state.label, x: item.x + 14, y: item.y)))
        }
        let plotRight = layout.left + max(bars.count, 1) * layout.slot
        for fraction in 0...2 {
            let y = baseline - plotHeight * fraction / 2
            lines.append(
                ##"<line class="grid" x1="\##(layout.left)" y1="\##(y)" x2="\##(plotRight)" y2="\##(y)" "##
                    + ##"stroke="#c9ced6" stroke-width="1"/>"##)
        }
        lines += layout.gridLabels.map(text)
        let planned = adherence.plannedIDs.count
        for (offset, item) in bars.enumerated() {
            let x = layout.left + offset * layout.slot + (layout.slot - layout.bar) / 2
            let state = state(of: item)
            let doses = item.tracked * planned
            let share = doses == 0 ? 0 : plotHeight * item.taken / doses
            let shown =
                switch state {
                case .untracked: plotHeight
                case .all: share
                case .some: max(share, 6)
                case .none: 4
                }
            lines.append(
                rect(state, x: x, y: state == .untracked ? top : baseline - shown, width: layout.bar, height: shown)
                    + "<title>\(HTMLEscaping.escaped(title(of: item)))</title></rect>")
        }
        lines += layout.axisLabels.map(text)
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A bar or a swatch of a state, left open for its title.
    private func rect(_ state: State, x: Int, y: Int, width: Int, height: Int) -> String {
        let paint =
            state == .some
            ? ##"fill="url(#\##(Self.hatchID))" stroke="\##(Self.colour(.some))" stroke-width="1""##
            : ##"fill="\##(Self.colour(state))""##
        return ##"<rect class="\##(state.rawValue)" x="\##(x)" y="\##(y)" width="\##(width)" height="\##(height)" "##
            + paint + ">"
    }

    /// The legend's swatch of a state, drawn as its bars are: a square, hatched or solid or pale, or a stub.
    private func swatch(_ state: State, x: Int, y: Int) -> String {
        let stub = state == .none
        return rect(state, x: x, y: stub ? y - 4 : y - 10, width: 10, height: stub ? 4 : 10) + "</rect>"
    }

    /// A text of the layout.
    private func text(_ label: AdherenceChartLayout.Label) -> String {
        var attributes = ##"x="\##(label.x)" y="\##(label.y)""##
        if label.anchor != .start { attributes += ##" text-anchor="\##(label.anchor.rawValue)""## }
        if label.size != AdherenceChartLayout.fontSize { attributes += ##" font-size="\##(label.size)""## }
        if label.bold { attributes += ##" font-weight="bold""## }
        return "<text \(attributes) fill=\"#1b1f24\">\(HTMLEscaping.escaped(label.text))</text>"
    }
}
