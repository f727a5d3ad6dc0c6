/// What a look at a followed input (a growing file, or rows on standard input) found.
/// The system layer's followers produce it; the viewer takes it as an event.
public enum FollowChange: Sendable, Equatable {
    case none
    /// New rows arrived (or the input was reloaded): the whole series as it stands now, at least two points.
    case updated(LoadedSeries, reloaded: Bool)
    /// Rows appended to the series given before, read with the same column decisions:
    /// the viewer extends its series and index in place (`MinMaxIndex.append`).
    case appended(NewRows)
    /// No chart yet (no header, fewer than two prices, the file is missing for a moment); more may come.
    case waiting(String)
    /// The input cannot give a chart and nothing more will change that.
    case problem(String)

    /// The series the parser has so far, or why there is none yet.
    public static func snapshot(of parser: CSVStreamParser, name: String, reloaded: Bool) -> FollowChange {
        do {
            let loaded = try parser.snapshot()
            guard loaded.series.count >= 2 else { return .waiting("\(name): \(loaded.report.onlyOnePrice(soFar: true))") }
            return .updated(loaded, reloaded: reloaded)
        } catch {
            return parser.error == nil ? .waiting("\(error)") : .problem("\(error)")
        }
    }

    /// What the rows the parser completed since the last look change: the whole series
    /// the first time a chart can be drawn, after a reload (`whole`), or when a decision
    /// over the whole column changed; else only the rows appended (none: `.none`).
    /// `shown` says whether the viewer has a series from this parser already.
    public static func rows(of parser: inout CSVStreamParser, name: String, whole: Bool, shown: Bool) -> FollowChange {
        if whole || !shown {
            return handingOut(snapshot(of: parser, name: name, reloaded: whole), of: &parser)
        }
        do {
            let rows = try parser.takeNewRows()
            if rows.columnChanged { return handingOut(snapshot(of: parser, name: name, reloaded: false), of: &parser) }
            return rows.times.isEmpty && rows.report == rows.reportBefore ? .none : .appended(rows)
        } catch {
            return parser.error == nil ? .waiting("\(error)") : .problem("\(error)")
        }
    }

    /// A whole series given: every row read is handed out, and later reports go on from its report.
    private static func handingOut(_ change: FollowChange, of parser: inout CSVStreamParser) -> FollowChange {
        if case .updated(let loaded, _) = change { parser.markRowsHandedOut(reported: loaded.report) }
        return change
    }
}
