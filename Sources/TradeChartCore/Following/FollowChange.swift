/// What a look at a followed input (a growing file, or rows on standard input) found.
/// The system layer's followers produce it; the viewer takes it as an event.
public enum FollowChange: Sendable, Equatable {
    case none
    /// New rows arrived (or the input was reloaded): the whole series as it stands now, at least two points.
    case updated(LoadedSeries, reloaded: Bool)
    /// No chart yet (no header, fewer than two prices, the file is missing for a moment); more may come.
    case waiting(String)
    /// The input cannot give a chart and nothing more will change that.
    case problem(String)

    /// The series the parser has so far, or why there is none yet.
    public static func snapshot(of parser: CSVStreamParser, name: String, reloaded: Bool) -> FollowChange {
        do {
            let loaded = try parser.snapshot()
            guard loaded.series.count >= 2 else { return .waiting("\(name): only one price so far, a chart needs two") }
            return .updated(loaded, reloaded: reloaded)
        } catch {
            return parser.error == nil ? .waiting("\(error)") : .problem("\(error)")
        }
    }
}
