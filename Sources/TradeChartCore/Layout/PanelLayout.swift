/// Where a panel (the key help, the description in words, the messages) goes and
/// which of its lines show: inside the chart area, so it never covers the price
/// labels; between the header and the range bar; its lines wrapped to its width,
/// and scrolled when there are more than the rows it has.
package struct PanelLayout: Sendable, Equatable {
    /// The top-left corner of the panel's border.
    package var x: Int
    package var y: Int
    /// The width of the text inside the border.
    package var inner: Int
    /// The text rows shown at once.
    package var visible: Int
    /// Every line of the panel, wrapped to `inner`.
    package var lines: [String]

    /// The widest the key help gets, in columns.
    static let helpWidth = 76

    /// The panel of `lines` (or the key help when `help`) titled `title` at this layout,
    /// nil when the terminal has no room for one.
    package init?(layout: ChartLayout, title: String, lines: [String], help: Bool = false) {
        let widest = layout.chartWidth - 4
        let rows = layout.rows - 2 - 2
        guard widest >= 8, rows >= 1 else { return nil }
        let width: Int
        let wrapped: [String]
        if help {
            width = min(widest, Self.helpWidth)
            wrapped = KeyMap.helpLines(width: width)
        } else {
            let longest = lines.map { HeaderLayout.width($0) }.max() ?? 0
            width = min(widest, max(longest, HeaderLayout.width(title) + 2))
            wrapped = lines.flatMap { $0.isEmpty ? [""] : TextWrap.lines($0, width: width) }
        }
        inner = width
        self.lines = wrapped
        visible = min(wrapped.count, rows)
        x = (layout.chartWidth - inner - 4) / 2
        y = 1 + (rows + 2 - visible - 2) / 2
    }

    /// The largest scroll offset: the last line at the bottom.
    package var maxScroll: Int { max(0, lines.count - visible) }

    /// A scroll offset kept within 0...maxScroll.
    package func clamped(_ scroll: Int) -> Int { min(max(scroll, 0), maxScroll) }
}
