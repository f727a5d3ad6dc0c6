/// Where each part of the screen goes for a terminal of a given size: header,
/// status line, chart, the volume pane under it when shown, price labels on the
/// right, time labels, range bar and key hint.
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
    /// First column of the price labels.
    package var labelX: Int
    package var labelWidth: Int
    package var timeLabelRow: Int { chartY + chartHeight + volumeRows }
    /// Range bar on the left, key hint on the right.
    package var bottomRow: Int { rows - 1 }

    /// The smallest terminal that holds a readable chart.
    public static let minimumColumns = 24
    public static let minimumRows = 8

    public init(columns: Int, rows: Int, labelWidth: Int, volume: Bool = false) {
        self.columns = columns
        self.rows = rows
        self.labelWidth = labelWidth
        self.volume = volume
        labelX = max(columns - labelWidth, 0)
        chartWidth = max(columns - labelWidth - 1, 0)
        let area = max(rows - 4, 0)
        volumeRows = volume ? Self.volumeRows(area: area) : 0
        chartHeight = area - volumeRows
    }

    /// The volume pane's rows in a chart area of `area` rows: a fifth, at least two
    /// (none when the price chart would keep fewer than three).
    static func volumeRows(area: Int) -> Int {
        let rows = max(2, (area + 2) / 5)
        return area - rows >= 3 ? rows : 0
    }

    /// The same layout at another terminal size.
    package func resized(columns: Int, rows: Int) -> ChartLayout {
        ChartLayout(columns: columns, rows: rows, labelWidth: labelWidth, volume: volume)
    }

    /// The same layout with price labels `labelWidth` wide.
    package func withLabelWidth(_ labelWidth: Int) -> ChartLayout {
        ChartLayout(columns: columns, rows: rows, labelWidth: labelWidth, volume: volume)
    }

    /// The same layout with the volume pane shown or not.
    package func withVolume(_ volume: Bool) -> ChartLayout {
        ChartLayout(columns: columns, rows: rows, labelWidth: labelWidth, volume: volume)
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
