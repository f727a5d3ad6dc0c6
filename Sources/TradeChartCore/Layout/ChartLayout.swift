/// Where each part of the screen goes for a terminal of a given size: header,
/// status line, chart, the volume pane and the indicator panes under it when shown, price
/// labels on the right, time labels, range bar and key hint.
public struct ChartLayout: Sendable, Equatable {
    public var columns: Int
    public var rows: Int
    /// Header: instrument, price, change, date span.
    package var headerRow: Int { 0 }
    /// Status line: notes such as skipped rows or why a range is unavailable.
    package var statusRow: Int { 1 }
    /// The chart area in cells (the price chart, above the volume pane).
    package var chartX: Int { 0 }
    package var chartY: Int { 2 }
    package var chartWidth: Int
    package var chartHeight: Int
    /// Whether the volume pane is shown, and its rows: about a fifth of the chart's
    /// height, under the price chart, in the same columns (0 rows when not shown).
    public var volume: Bool
    package var volumeRows: Int
    package var volumeY: Int { chartY + chartHeight }
    /// The indicator panes asked for (RSI, MACD, ...), under the volume pane; those shown
    /// (`shownPanes`, the first ones) are `paneRows` high each. The price chart keeps at least
    /// half the chart area: panes shrink to three rows, then the last ones are left out.
    public var panes: Int
    package var shownPanes: Int
    package var paneRows: Int
    /// The first row of the `k`-th pane shown.
    package func paneY(_ k: Int) -> Int { volumeY + volumeRows + k * paneRows }
    /// First column of the price labels.
    package var labelX: Int
    package var labelWidth: Int
    package var timeLabelRow: Int { chartY + chartHeight + volumeRows + shownPanes * paneRows }
    /// Range bar on the left, key hint on the right.
    package var bottomRow: Int { rows - 1 }

    /// The smallest terminal that holds a readable chart.
    public static let minimumColumns = 24
    public static let minimumRows = 8

    public init(columns: Int, rows: Int, labelWidth: Int, volume: Bool = false, panes: Int = 0) {
        self.columns = columns
        self.rows = rows
        self.labelWidth = labelWidth
        self.volume = volume
        self.panes = panes
        labelX = max(columns - labelWidth, 0)
        chartWidth = max(columns - labelWidth - 1, 0)
        let area = max(rows - 4, 0)
        volumeRows = volume ? Self.volumeRows(area: area) : 0
        (shownPanes, paneRows) = Self.paneRows(panes, area: area, taken: volumeRows)
        chartHeight = area - volumeRows - shownPanes * paneRows
    }

    /// How many of `panes` fit in a chart area of `area` rows of which `taken` are the volume
    /// pane's, and their rows: a fifth of the area each, at least three, all of them within
    /// what leaves the price chart half the area.
    static func paneRows(_ panes: Int, area: Int, taken: Int) -> (shown: Int, rows: Int) {
        let room = area - taken - (area + 1) / 2
        var shown = panes
        while shown > 0 && shown * 3 > room { shown -= 1 }
        guard shown > 0 else { return (0, 0) }
        return (shown, min(max(3, (area + 2) / 5), room / shown))
    }

    /// The volume pane's rows in a chart area of `area` rows: a fifth, at least two
    /// (none when the price chart would keep fewer than three).
    static func volumeRows(area: Int) -> Int {
        let rows = max(2, (area + 2) / 5)
        return area - rows >= 3 ? rows : 0
    }

    /// The same layout at another terminal size.
    package func resized(columns: Int, rows: Int) -> ChartLayout {
        ChartLayout(columns: columns, rows: rows, labelWidth: labelWidth, volume: volume, panes: panes)
    }

    /// The same layout with price labels `labelWidth` wide.
    package func withLabelWidth(_ labelWidth: Int) -> ChartLayout {
        ChartLayout(columns: columns, rows: rows, labelWidth: labelWidth, volume: volume, panes: panes)
    }

    /// The same layout with the volume pane shown or not, and `panes` indicator panes asked for.
    package func withPanes(volume: Bool, panes: Int) -> ChartLayout {
        ChartLayout(columns: columns, rows: rows, labelWidth: labelWidth, volume: volume, panes: panes)
    }

    /// True when the terminal is too small to show a chart.
    public var isTooSmall: Bool {
        columns < ChartLayout.minimumColumns || rows < ChartLayout.minimumRows || chartWidth < 8
    }

    /// Whether a screen cell lies in the chart area.
    package func chartContains(column: Int, row: Int) -> Bool {
        column >= chartX && column < chartX + chartWidth && row >= chartY && row < chartY + chartHeight
    }
}
