/// How the times of a series are shown when `--tz` names another zone than the data's
/// own: each wall-clock time of the data's zone is turned into its UTC instant and
/// shown on the other zone's clocks, daylight saving of both included. Ranges are
/// still cut in the data's own zone (SPEC section 2); only what is shown moves.
public struct DisplayClock: Sendable, Equatable {
    /// The zone the data's times are written in.
    public var source: ZoneRules
    /// The zone they are shown in.
    public var target: ZoneRules

    public init(source: ZoneRules, target: ZoneRules) {
        self.source = source
        self.target = target
    }

    /// The data's wall-clock time `local` on the target zone's clocks.
    public func shown(_ local: Int64) -> Int64 {
        let utc = source.utc(fromLocal: local)
        return utc + Int64(target.offset(atUTC: utc))
    }

    /// The target zone's abbreviation at the data's time `local` (`CET`, `CEST`).
    public func abbreviation(at local: Int64) -> String {
        target.localType(atUTC: source.utc(fromLocal: local)).abbreviation
    }

    /// The series with its times shown in the target zone (daily prices, which have no
    /// time of day, stay as they are). The times stay ascending except inside the hour
    /// a zone turns its clocks back.
    public func shown(_ series: PriceSeries) -> PriceSeries {
        guard series.hasTimeOfDay else { return series }
        var moved = series
        moved.times = series.times.map(shown)
        return moved
    }
}
