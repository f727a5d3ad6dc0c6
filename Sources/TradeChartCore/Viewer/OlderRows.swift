/// The rows of a file read after its first frame (SPEC §1: the newest rows are read
/// first, the rest behind the first frame): how far the read has come, then the whole
/// file's series, or why it could not be read. The host hands them to the viewer as
/// `.olderRows` events.
public enum OlderRows: Sendable, Equatable {
    /// The share of the file read so far (0...1).
    case reading(fraction: Double)
    /// The whole file, as a front-to-back load gives it.
    case read(LoadedSeries)
    /// The rest of the file could not be read: the viewer keeps the newest rows.
    case failed(String)
}

extension ViewerState {
    /// Whether the series holds only the newest rows of its file, the older still being read.
    package var isFillingIn: Bool { olderRowsRead != nil }

    /// What the rows read after the first frame change: the progress (on the status line
    /// while it says it, or while a key shows the oldest rows read), then the whole series
    /// in place of the newest rows (the range, window and cursor keep their moments), with
    /// the whole file's report.
    mutating func receive(_ older: OlderRows, at time: Double) -> StatusChange {
        var saying = false, partly = false
        if case .readingOlderRows(_, let shownPartly, _) = statusLine.message { (saying, partly) = (true, shownPartly) }
        switch older {
        case .reading(let fraction):
            let first = olderRowsRead == nil
            olderRowsRead = fraction
            // The indicators worked out from the newest rows give way until the whole file is read.
            if first && !indicatorChoices.isEmpty { takeIndicators(at: time, morphing: false) }
            return first || saying ? .show(fillingNote(partly: partly && slice.first == 0)) : .keep
        case .read(let loaded):
            olderRowsRead = nil
            // Candles read with `c` or `v` read the whole file already.
            if candles.loaded.isEmpty && loaded.series.count >= 2 {
                candles.take(loaded)
                replaceSeries(loaded.series, at: time)
            }
            if !indicatorChoices.isEmpty { takeIndicators(at: time) }
            if let summary = loaded.report.summary { return .show(.note(summary)) }
            return saying ? .clear : .keep
        case .failed(let reason):
            olderRowsRead = nil
            // The newest rows are the series from here on: the indicators are worked out from them.
            if !indicatorChoices.isEmpty { takeIndicators(at: time) }
            return .show(.note(reason))
        }
    }

    /// The indicators worked out (or left waiting) for the rows read now, the panes laid out
    /// for them (`morphing` from what is on screen, as when they are turned on with `i`).
    private mutating func takeIndicators(at time: Double, morphing: Bool = true) {
        chooseIndicators()
        fitIndicators(at: time, morphing: morphing)
    }

    /// The note while older rows are read: `partly` when the chart shows the oldest rows read
    /// (a longer range, Home, a wide window), so what it shows fills in when they are read;
    /// it names the indicators that wait for them.
    func fillingNote(partly: Bool) -> StatusMessage {
        let waiting = overlays.unavailableIndicators.filter { $0.why == .needsOlderRows }.map(\.choice.title)
        return .readingOlderRows(percent: Int(((olderRowsRead ?? 1) * 100).rounded(.down)), partly: partly, waiting: waiting)
    }

    /// After a key: while older rows are read, a chart that reaches the oldest rows read says
    /// so, and so does one whose indicators wait for them.
    func noteIfFillingIn(_ said: StatusChange) -> StatusChange {
        let waits = overlays.unavailableIndicators.contains { $0.why == .needsOlderRows }
        guard isFillingIn, slice.first == 0 || waits else { return said }
        let note = fillingNote(partly: slice.first == 0)
        switch said {
        case .keep, .clear: return .show(note)
        case .show(let message): return .show(.all([message, note]))
        case .renew(let message): return .renew(.all([message, note]))
        }
    }
}
