/// The overview and the chart it opened, as one state for the run loop: while a chart
/// is open, events go to it (Esc with nothing to close, or Backspace, goes back: the
/// line shrinks into its row); else to the overview, whose Enter opens the selected or
/// marked files, the line growing out of the row's sparkline into the full chart.
public struct OverviewSession: Sendable {
    public private(set) var overview: OverviewState
    /// The chart open over the overview, nil while the overview is shown.
    public private(set) var chart: ViewerState?
    /// The entries the chart shows, the first the primary.
    public private(set) var opened: [Int] = []
    /// When the chart began to shrink back into its row (nil when it is not).
    private(set) var closingSince: Double?
    public private(set) var revision = 0

    public init(overview: OverviewState) {
        self.overview = overview
    }

    /// What is remembered for the folder: the range, the order and the filter.
    public var memory: RememberedView {
        RememberedView(range: overview.range.label, order: overview.order.argument,
                       filter: overview.filter.isEmpty ? nil : overview.filter)
    }

    /// Takes a file that finished loading.
    public mutating func set(_ content: OverviewEntry.Content, ofEntry k: Int) {
        overview.set(content, ofEntry: k)
        revision += 1
    }

    /// Takes one event at `time`; what the host should do after it.
    public mutating func handle(_ event: ViewerEvent, at time: Double) -> [ViewerCommand] {
        let remembered = memory
        var commands = update(event, at: time)
        if memory != remembered && !overview.typingFilter { commands.insert(.remember(memory), at: 0) }
        return commands
    }

    mutating func update(_ event: ViewerEvent, at time: Double) -> [ViewerCommand] {
        revision += 1
        // A file read in the background is the overview's, whatever is shown.
        switch event {
        case .overviewFile(let k, let content):
            overview.set(content, ofEntry: k)
            return []
        case .overviewAdded(let path):
            overview.add(path)
            return []
        default:
            break
        }
        if closingSince != nil { finishClosing() }
        if var chart {
            if case .key(let key) = event,
               key == .backspace || (key == .escape && chart.overlay == .none && chart.mark == nil) {
                close(chart, at: time)
                return []
            }
            if case .resize(let columns, let rows) = event { overview.resize(columns: columns, rows: rows) }
            self.chart = nil
            // The folder's memory is the overview's: a chart opened from it keeps its settings to itself.
            let commands = chart.handle(event, at: time).filter { if case .remember = $0 { false } else { true } }
            self.chart = consume chart
            return commands
        }
        switch overview.handle(event, at: time) {
        case .open(let chosen):
            open(chosen, at: time)
            return []
        case .quit(let status):
            return [.quit(status: status)]
        case nil:
            return []
        }
    }

    /// What is on screen at `time`.
    public func frame(at time: Double) -> Frame {
        if let chart, !isClosed(at: time) { return chart.frame(at: time) }
        return overview.frame(at: time)
    }

    /// The cells the open chart's plot image covers (the overview's sparklines are text).
    public func plotImageArea(at time: Double) -> CellArea? {
        guard let chart, !isClosed(at: time), chart.showsPlotAsImage else { return nil }
        return chart.imageArea
    }

    /// The image of the open chart's plot at `time`, nil while the plot is text.
    public func shownPlotImage(at time: Double, cell: PixelCellSize) -> ShownPlotImage? {
        guard plotImageArea(at: time) != nil else { return nil }
        return chart?.shownPlotImage(at: time, cell: cell)
    }

    /// True while the sparklines or the chart move.
    public func isAnimating(at time: Double) -> Bool {
        if let closingSince { return time < closingSince + overview.options.morphDuration }
        return chart?.isAnimating(at: time) ?? overview.isAnimating(at: time)
    }

    func isClosed(at time: Double) -> Bool {
        closingSince.map { time >= $0 + overview.options.morphDuration } ?? false
    }

    mutating func finishClosing() {
        chart = nil
        closingSince = nil
        opened = []
    }

    /// Opens `chosen` (one file, or several compared), growing out of the first one's row.
    mutating func open(_ chosen: [Int], at time: Double) {
        guard let first = chosen.first, case .loaded(let loaded) = overview.entries[first].content else { return }
        let others = chosen.dropFirst().compactMap { overview.entries[$0].series }
        let candles = CandleState(names: loaded.barNames, bars: loaded.bars, closes: loaded.series.prices)
        let notes = [loaded.report.summary].compactMap { $0 }
        var viewer = ViewerState(series: loaded.series, range: overview.range, options: overview.options,
                                 columns: overview.columns, rows: overview.rows,
                                 status: notes.isEmpty ? nil : notes.joined(separator: "; "), others: others, candles: candles)
        if overview.options.morphDuration > 0, let from = rowProjection(first, in: viewer) {
            viewer.morph = Morph(from: from.projection, to: viewer.target, start: time, duration: overview.options.morphDuration)
            viewer.morphFirst = min(from.first, viewer.slice.first)
        }
        opened = chosen
        overview.clearMarks()
        chart = viewer
    }

    /// Goes back to the overview: the chart's line shrinks into its row first.
    mutating func close(_ viewer: consuming ViewerState, at time: Double) {
        var viewer = viewer
        guard overview.options.morphDuration > 0, let primary = opened.first, let to = rowProjection(primary, in: viewer) else {
            finishClosing()
            return
        }
        viewer.morph = Morph(from: viewer.projection(at: time), to: to.projection, start: time,
                             duration: overview.options.morphDuration)
        viewer.morphFirst = min(to.first, viewer.slice.first)
        chart = viewer
        closingSince = time
    }

    /// Entry `k`'s sparkline as a projection onto `viewer`'s chart canvas: the picture the
    /// row shows, where it is on screen. Nil when the row is not on screen or has no chart.
    func rowProjection(_ k: Int, in viewer: ViewerState) -> (projection: ChartProjection, first: Int)? {
        guard let place = overview.sparklinePlace(of: k), let index = overview.entries[k].index,
              let facts = overview.facts(of: k) else { return nil }
        let charset = overview.options.charset
        let (wide, high) = (charset.dotColumnsPerCell, charset.dotRowsPerCell)
        var projection = overview.sparklineProjection(facts, index: index, width: place.span.count * wide,
                                                      height: place.height * high)
        let dx = Double((place.span.lowerBound - viewer.layout.chartX) * wide)
        let dy = Double((place.row - viewer.layout.chartY) * high)
        projection.x.offset += dx
        projection.y.offset += dy
        projection.baselineRow += dy
        projection.others = viewer.target.others
        projection.volumeTop = viewer.target.volumeTop
        return (projection, facts.slice.first)
    }
}
