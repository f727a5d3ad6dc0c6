/// What a look at a followed input (a growing file, or rows on standard input) found.
/// The system layer's followers produce it; the viewer takes it as an event.
public enum FollowChange: Sendable, Equatable {
    case none
    /// New rows arrived (or the input was reloaded): the whole series as it stands now, at least two points.
    case updated(LoadedSeries, reloaded: Bool)
    /// Rows appended to the series given before, read with the same column decisions:
    /// the viewer extends its series and index in place (`MinMaxIndex.append`).
    case appended(NewRows)
    /// The file was written without growing (rewritten in place at the same size, or only
    /// touched) and read again: the whole series as it reads now. The follower no longer
    /// holds the series it gave, so the viewer tells: the same series is no change, another
    /// one a reload (`resolved(against:bars:)`).
    case rewritten(LoadedSeries)
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
    /// `shown` says whether the viewer has a series from this parser already. `givesAway`:
    /// the parser lets go of the rows it hands out (see `markRowsHandedOut`); then a change
    /// of a decision over the whole column cannot be given here (`columnReadingChanged`
    /// tells the caller beforehand, which reads its file again).
    public static func rows(of parser: inout CSVStreamParser, name: String, whole: Bool, shown: Bool,
                            givesAway: Bool = false) -> FollowChange {
        if whole || !shown {
            return handingOut(snapshot(of: parser, name: name, reloaded: whole), of: &parser, givingThemAway: givesAway)
        }
        do {
            let rows = try parser.takeNewRows()
            if rows.columnChanged && !parser.gaveRowsAway {
                return handingOut(snapshot(of: parser, name: name, reloaded: false), of: &parser)
            }
            return rows.times.isEmpty && rows.report == rows.reportBefore ? .none : .appended(rows)
        } catch {
            return parser.error == nil ? .waiting("\(error)") : .problem("\(error)")
        }
    }

    /// A whole series given: every row read is handed out (and given away, when the parser
    /// gives its rows away), and later reports go on from its report.
    private static func handingOut(_ change: FollowChange, of parser: inout CSVStreamParser,
                                   givingThemAway: Bool = false) -> FollowChange {
        if case .updated(let loaded, _) = change {
            parser.markRowsHandedOut(reported: loaded.report, givingThemAway: givingThemAway)
        }
        return change
    }

    /// This change for a viewer that shows `shown` (with the open, high, low and volume
    /// `bars`, nil when it has none): a rewrite that reads as the same series is no change,
    /// another one a reload; any other change is itself.
    public func resolved(against shown: PriceSeries, bars: BarColumns?) -> FollowChange {
        guard case .rewritten(let loaded) = self else { return self }
        let sameBars = bars == nil || loaded.bars == bars
        return loaded.series == shown && sameBars ? .none : .updated(loaded, reloaded: true)
    }
}
