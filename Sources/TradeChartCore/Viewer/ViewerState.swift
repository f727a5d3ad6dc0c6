/// The whole state of the interactive viewer, in the style of state, update, view:
/// `handle(_:at:)` applies an event at a time, `frame(at:)` draws the state at a
/// time. The caller owns the clock, so every frame of an animation can be
/// reproduced in a test.
public struct ViewerState: Sendable {
    public private(set) var series: PriceSeries
    public private(set) var index: MinMaxIndex
    public var options: ViewerOptions
    public private(set) var layout: ChartLayout
    /// The oldest point drawn: during a morph it includes the points sliding in or out.
    public private(set) var morphFirst: Int = 0
    /// The range shown, or being morphed to.
    public private(set) var range: ChartRange
    public private(set) var slice: RangeSlice
    /// The running morph, nil when the chart stands still.
    public private(set) var morph: Morph?
    /// The projection of `slice` at the current size: what a still frame shows.
    public private(set) var target: ChartProjection
    /// The scrub cursor's point index, nil when hidden.
    public private(set) var cursor: Int?
    public private(set) var overlay: Overlay = .none
    /// While the audiograph plays: when it started and how long it lasts; the
    /// cursor follows the sound.
    public private(set) var playback: (start: Double, duration: Double)?
    /// A one-line note for the status line.
    public private(set) var status: String?
    public private(set) var timeLabels: TimeLabels
    /// Whether each range can be shown (indexed by `rawValue - 1`), worked out once per
    /// series: the range bar needs it every frame.
    public private(set) var availability: [RangeAvailability]
    /// Formats the price labels and the header for this series.
    public private(set) var priceFormatter: PriceFormatter
    /// Grows with every change to what a still frame shows, so a host can skip
    /// drawing when a timer (following a file, say) changed nothing.
    public private(set) var revision = 0

    /// A viewer on `series`, opening on `range` (or the default range), sized to the terminal.
    public init(series: PriceSeries, range requested: ChartRange? = nil, options: ViewerOptions = .init(),
                columns: Int, rows: Int, status: String? = nil) {
        precondition(series.count >= 2, "the viewer needs at least two prices")
        self.series = series
        self.options = options
        index = MinMaxIndex(series.prices)
        let labels = Self.priceLabels(index, count: series.count)
        priceFormatter = labels.formatter
        layout = ChartLayout(columns: columns, rows: rows, labelWidth: labels.width)
        let ranges = ChartRange.allCases.map { series.slice($0) }
        availability = ranges
        let requestedSlice = requested.flatMap { ranges[$0.rawValue - 1].slice }
        let chosen = requestedSlice != nil ? requested! : (series.defaultRange() ?? .fiveYears)
        range = chosen
        let slice = requestedSlice ?? ranges[chosen.rawValue - 1].slice
            ?? RangeSlice(range: chosen, first: 0, last: series.count - 1, coversAllData: true)
        self.slice = slice
        timeLabels = TimeLabels(series: series, first: slice.first, last: slice.last, range: chosen)
        target = ChartProjection(first: 0, last: 1, low: 0, high: 1, baseline: 0, newest: 0, widthDots: 1, heightDots: 1)
        self.status = status
        if let requested, requested != chosen, case .unavailable(let reason) = ranges[requested.rawValue - 1] {
            self.status = reason
        }
        target = projection(for: slice)
    }

    /// The price format for the prices in `index`, and the width of its widest label.
    static func priceLabels(_ index: MinMaxIndex, count: Int) -> (formatter: PriceFormatter, width: Int) {
        let all = index.minMax(0...(count - 1))
        let formatter = PriceFormatter(forPricesAround: max(abs(all.min), abs(all.max)))
        return (formatter, max(formatter.string(all.max).count, formatter.string(all.min).count))
    }

    // MARK: - Geometry

    /// The dot canvas size of the chart area.
    public var canvasDots: (width: Int, height: Int) {
        (layout.chartWidth * options.charset.dotColumnsPerCell, layout.chartHeight * options.charset.dotRowsPerCell)
    }

    /// Where `slice` lands on the canvas at the current size.
    public func projection(for slice: RangeSlice) -> ChartProjection {
        let span = index.minMax(slice.first...slice.last)
        let dots = canvasDots
        return ChartProjection(first: slice.first, last: slice.last, low: span.min, high: span.max,
                               baseline: series.prices[slice.first], newest: series.prices[slice.last],
                               widthDots: dots.width, heightDots: dots.height)
    }

    /// The points the rasterizer draws: the range, plus during a morph the older
    /// points that slide in from or out past the left edge.
    public func drawnPoints(at time: Double) -> ClosedRange<Int> {
        (isAnimating(at: time) ? min(morphFirst, slice.first) : slice.first)...slice.last
    }

    /// What is on screen at `time`.
    public func projection(at time: Double) -> ChartProjection {
        morph?.projection(at: time) ?? target
    }

    /// True while a morph runs or the cursor follows the sound: the host should draw frames at its pace.
    public func isAnimating(at time: Double) -> Bool {
        if let playback, time < playback.start + playback.duration { return true }
        guard let morph else { return false }
        return !morph.isFinished(at: time)
    }

    /// The point the cursor shows at `time`: the one sounding while the audiograph
    /// plays, else the scrub cursor.
    public func displayedCursor(at time: Double) -> Int? {
        if let playback, time >= playback.start, time < playback.start + playback.duration {
            let audiograph = Audiograph(duration: playback.duration)
            return audiograph.pointIndex(atPlaybackTime: time - playback.start, in: slice)
        }
        return cursor
    }

    /// The audiograph of the range started playing at `time`: the cursor follows it.
    public mutating func followPlayback(startingAt time: Double, duration: Double = Audiograph().duration) {
        playback = (time, duration)
    }

    /// Whether `range` can be shown for this series, and why not.
    public func availability(of range: ChartRange) -> RangeAvailability { availability[range.rawValue - 1] }

    /// Moves to the next shorter (`by: -1`) or longer (`by: 1`) range, if there is one.
    mutating func stepRange(by step: Int, at time: Double) {
        if let next = ChartRange(rawValue: range.rawValue + step) { select(next, at: time) }
    }

    /// The price of the range's first point, the baseline of changes.
    public var baselinePrice: Double { series.prices[slice.first] }

    // MARK: - Update

    /// Applies an event that happened at `time` and says what the host should do.
    public mutating func handle(_ event: ViewerEvent, at time: Double) -> ViewerCommand {
        settle(at: time)
        playback = nil
        revision += 1
        switch event {
        case .resize(let columns, let rows):
            layout = ChartLayout(columns: columns, rows: rows, labelWidth: layout.labelWidth)
            morph = nil
            target = projection(for: slice)
            return .none
        case .mouse(let mouse):
            handleMouse(mouse, at: time)
            return .none
        case .key(let key):
            return handleKey(key, at: time)
        }
    }

    /// Drops a finished morph so a still state has none.
    mutating func settle(at time: Double) {
        if let m = morph, m.isFinished(at: time) { morph = nil }
    }

    mutating func handleKey(_ key: KeyPress, at time: Double) -> ViewerCommand {
        if overlay != .none {
            switch key {
            case .escape, .character("?"), .character("q"), .character("d"), .enter:
                overlay = .none
                return .none
            default:
                overlay = .none
            }
        }
        status = nil
        switch key {
        case .character(let c):
            switch c {
            case "1", "2", "3", "4", "5", "6":
                select(ChartRange(rawValue: Int(c.value) - 48)!, at: time)
            case "q", "Q":
                return .quit
            case "?":
                overlay = .help
            case "d", "D":
                overlay = .text(title: "\(range.label) in words", lines: RangeDescription(series: series, slice: slice).lines)
            case "a", "A":
                return .playAudiograph(range: range)
            case "+", "=":
                stepRange(by: -1, at: time)
            case "-", "_":
                stepRange(by: 1, at: time)
            default:
                break
            }
        case .left: moveCursor(steps: -1)
        case .right: moveCursor(steps: 1)
        case .shiftLeft, .pageUp: moveCursor(steps: -10)
        case .shiftRight, .pageDown: moveCursor(steps: 10)
        case .home: cursor = slice.first
        case .end: cursor = slice.last
        case .escape: cursor = nil
        case .up, .down, .enter: break
        }
        return .none
    }

    /// Switches to `newRange`, morphing from whatever is on screen at `time`.
    public mutating func select(_ newRange: ChartRange, at time: Double) {
        guard newRange != range else { return }
        revision += 1
        switch availability(of: newRange) {
        case .unavailable(let reason):
            status = reason
        case .available(let newSlice):
            let onScreen = projection(at: time)
            morphFirst = min(drawnPoints(at: time).lowerBound, newSlice.first)
            range = newRange
            slice = newSlice
            timeLabels = TimeLabels(series: series, first: newSlice.first, last: newSlice.last, range: newRange)
            target = projection(for: newSlice)
            morph = options.morphDuration > 0
                ? Morph(from: onScreen, to: target, start: time, duration: options.morphDuration) : nil
            if let c = cursor, !newSlice.contains(c) { cursor = nil }
        }
    }

    /// Moves the cursor by whole steps: one point where points are wider apart than
    /// a dot column, else one dot column, snapped to the nearest point.
    public mutating func moveCursor(steps: Int) {
        guard steps != 0 else { return }
        revision += 1
        guard let current = cursor else {
            // The first press shows the cursor at the end it points away from.
            cursor = steps < 0 ? slice.last : slice.first
            if abs(steps) > 1 { moveCursor(steps: steps < 0 ? steps + 1 : steps - 1) }
            return
        }
        let dotsPerPoint = abs(target.x.scale)
        var next: Int
        if dotsPerPoint >= 1 || dotsPerPoint == 0 {
            next = current + steps
        } else {
            let x = target.x(Double(current)) + Double(steps)
            next = Int(target.x.inverse(x).rounded())
            if next == current { next += steps > 0 ? 1 : -1 }
        }
        cursor = min(max(next, slice.first), slice.last)
    }

    /// The point nearest to a dot column of the target projection.
    public func nearestPoint(toDotColumn x: Double) -> Int {
        guard target.x.scale != 0 else { return slice.last }
        let i = Int(target.x.inverse(x).rounded())
        return min(max(i, slice.first), slice.last)
    }

    mutating func handleMouse(_ mouse: MouseInput, at time: Double) {
        switch mouse.action {
        case .wheelUp:
            stepRange(by: -1, at: time)
        case .wheelDown:
            stepRange(by: 1, at: time)
        case .press where mouse.row == layout.bottomRow && mouse.column < ChartRange.allCases.count * 4:
            // The range bar: four cells per range, " 1D " or "[1D]".
            if let clicked = ChartRange(rawValue: mouse.column / 4 + 1) { select(clicked, at: time) }
        case .press, .drag:
            guard layout.chartContains(column: mouse.column, row: mouse.row) || (mouse.action == .drag && cursor != nil)
            else { return }
            let cellsX = Double(options.charset.dotColumnsPerCell)
            let dotX = (Double(mouse.column - layout.chartX) + 0.5) * cellsX
            cursor = nearestPoint(toDotColumn: dotX)
            overlay = .none
        case .release:
            break
        }
    }

    /// Replaces the series (a followed file grew or was reloaded), keeping the range
    /// and the cursor where they still make sense.
    public mutating func replaceSeries(_ newSeries: PriceSeries, at time: Double) {
        guard newSeries.count >= 2 else { return }
        revision += 1
        let cursorTime = cursor.map { series.times[$0] }
        series = newSeries
        index = MinMaxIndex(newSeries.prices)
        let labels = Self.priceLabels(index, count: newSeries.count)
        priceFormatter = labels.formatter
        if labels.width != layout.labelWidth {
            layout = ChartLayout(columns: layout.columns, rows: layout.rows, labelWidth: labels.width)
        }
        morph = nil
        availability = ChartRange.allCases.map { newSeries.slice($0) }
        if case .available(let s) = availability(of: range) {
            slice = s
        } else if let fallback = newSeries.defaultRange(), let s = availability(of: fallback).slice {
            range = fallback
            slice = s
        }
        timeLabels = TimeLabels(series: series, first: slice.first, last: slice.last, range: range)
        target = projection(for: slice)
        // The cursor stays on the same moment (a reload may shift every index), or hides.
        cursor = cursorTime.flatMap { t in
            let i = newSeries.lowerBound(of: t)
            return i < newSeries.count && newSeries.times[i] == t && slice.contains(i) ? i : nil
        }
    }

    /// Shows a note on the status line until the next key.
    public mutating func setStatus(_ text: String?) {
        revision += 1
        status = text.map(TextSanitizer.clean)
    }
}
