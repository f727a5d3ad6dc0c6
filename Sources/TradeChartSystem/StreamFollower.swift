import Glibc
import TradeChartCore

/// Follows rows arriving on a pipe (standard input for `--follow -`): each look
/// reads what is there without blocking (`PipeReader`), feeds it to the parser and
/// leaves a partial last line until it is complete. At the end of the input it
/// reads the last line and stops looking.
public final class StreamFollower: Follower {
    public let name: String
    private var reader: PipeReader
    private var parser: CSVStreamParser
    public private(set) var ended = false
    /// Whether the viewer has a series from this parser: then only new rows are handed out.
    private var chartGiven = false

    public init(descriptor: Int32 = 0, name: String = "standard input", options: LoadOptions) {
        reader = PipeReader(descriptor: descriptor)
        self.name = name
        parser = CSVStreamParser(file: name, options: options)
    }

    /// The pipe wakes the loop when data or its end arrive: a look is due only now and then
    /// besides, but at once after a look that left data unread (a history piped in ahead of
    /// a feed is read as fast as the frames between its looks allow).
    public func lookDue(every interval: Double) -> Double? {
        ended ? nil : reader.stoppedAtLimit ? 0 : max(interval, Self.safetyLookInterval)
    }

    public var wakeDescriptor: Int32? { ended ? nil : reader.descriptor }

    public func takeWake() -> Bool { !ended && PipeReader.isReadable(reader.descriptor, timeoutMilliseconds: 0) }

    public func block() { _ = PipeReader.isReadable(reader.descriptor, timeoutMilliseconds: -1) }

    public func poll() -> FollowChange {
        guard !ended else { return .none }
        let linesBefore = parser.linesRead
        switch reader.read(into: &parser) {
        case .open:
            break
        case .failed(let code):
            ended = true
            return .problem("\(name): \(SeriesLoader.errorText(code))")
        case .writerGone:
            // The end of the input also ends a last line without a line end.
            ended = true
            var last = parser
            do {
                let loaded = try last.finish()
                guard loaded.series.count >= 2 else { return .problem("\(name): \(loaded.report.onlyOnePrice())") }
                return .updated(loaded, reloaded: false)
            } catch {
                return .problem("\(error)")
            }
        }
        // A partial line changes nothing until its line end arrives.
        guard parser.linesRead != linesBefore else { return .none }
        let change = FollowChange.rows(of: &parser, name: name, whole: false, shown: chartGiven)
        if case .updated = change { chartGiven = true }
        return change
    }
}
