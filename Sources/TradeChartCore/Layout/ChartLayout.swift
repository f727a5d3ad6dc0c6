/// Where each part of the screen goes for a terminal of a given size: header,
/// status line, chart, price labels on the right, time labels, range bar and key hint.
public struct ChartLayout: Sendable, Equatable {
    public var columns: Int
    public var rows: Int
    /// Header: instrument, price, change, date span.
    public var headerRow: Int { 0 }
    /// Status line: notes such as skipped rows or why a range is unavailable.
    public var statusRow: Int { 1 }
    /// The chart area in cells.
    public var chartX: Int { 0 }
    public var chartY: Int { 2 }
    public var chartWidth: Int
    public var chartHeight: Int
    /// First column of the price labels.
    public var labelX: Int
    public var labelWidth: Int
    public var timeLabelRow: Int { chartY + chartHeight }
    /// Range bar on the left, key hint on the right.
    public var bottomRow: Int { rows - 1 }

    /// The smallest terminal that holds a readable chart.
    public static let minimumColumns = 24
    public static let minimumRows = 8

    public init(columns: Int, rows: Int, labelWidth: Int) {
        self.columns = columns
        self.rows = rows
        self.labelWidth = labelWidth
        labelX = max(columns - labelWidth, 0)
        chartWidth = max(columns - labelWidth - 1, 0)
        chartHeight = max(rows - 4, 0)
    }

    /// True when the terminal is too small to show a chart.
    public var isTooSmall: Bool {
        columns < ChartLayout.minimumColumns || rows < ChartLayout.minimumRows || chartWidth < 8
    }

    /// Whether a screen cell lies in the chart area.
    public func chartContains(column: Int, row: Int) -> Bool {
        column >= chartX && column < chartX + chartWidth && row >= chartY && row < chartY + chartHeight
    }
}
