/// How the times of a series are shown when `--tz` names another zone than the data's
/// own: each wall-clock time of the data is placed in UTC and shown on the other
/// zone's clocks, daylight saving included. A time is placed in UTC by the offset the
/// file wrote with it (`+01:00`, `Z`, Unix times: `PriceSeries.utcOffsets`), or, for
/// naive local times, by the rules of the zone they are written in (`--data-tz`).
/// Ranges are still cut in the data's own clock (SPEC section 2); only what is shown moves.
public struct DisplayClock: Sendable, Equatable {
    /// The zone the data's times are written in; nil when each point's own UTC offset
    /// (`PriceSeries.utcOffsets`) places it.
    public var source: ZoneRules?
    /// The zone they are shown in.
    public var target: ZoneRules

    /// Naive local times of the zone `source` shown in `target`.
    public init(source: ZoneRules, target: ZoneRules) {
        self.source = source
        self.target = target
    }

    /// Times that carry their UTC offsets shown in `target`.
    public init(target: ZoneRules) {
        source = nil
        self.target = target
    }

    /// The UTC second of the data's wall-clock time `local` written with `offset` (seconds
    /// east; nil when the file gave none: then the source zone's rules place it).
    func utc(_ local: Int64, offset: Int32?) -> Int64 {
        if let offset { return local - Int64(offset) }
        return source?.utc(fromLocal: local) ?? local
    }

    /// The data's wall-clock time `local` on the target zone's clocks.
    public func shown(_ local: Int64, offset: Int32? = nil) -> Int64 {
        let utc = utc(local, offset: offset)
        return utc + Int64(target.offset(atUTC: utc))
    }

    /// The target zone's abbreviation at the data's time `local` (`CET`, `CEST`).
    package func abbreviation(at local: Int64, offset: Int32? = nil) -> String {
        target.localType(atUTC: utc(local, offset: offset)).abbreviation
    }

    /// The target zone's abbreviation at point `index` of `series`.
    package func abbreviation(in series: PriceSeries, at index: Int) -> String {
        abbreviation(at: series.times[index], offset: offset(in: series, at: index))
    }

    /// The offset that places point `index`: the file's, unless a source zone is named
    /// and the file gave none.
    func offset(in series: PriceSeries, at index: Int) -> Int32? {
        source == nil ? series.utcOffsets?.offset(at: index) : nil
    }

    /// The series with its times shown in the target zone (daily prices, which have no
    /// time of day, stay as they are). The times stay ascending except inside the hour
    /// a zone turns its clocks back.
    public func shown(_ series: PriceSeries) -> PriceSeries {
        guard series.hasTimeOfDay, source != nil || series.utcOffsets != nil else { return series }
        var moved = series
        if source == nil, let runs = series.utcOffsets {
            for k in runs.starts.indices {
                let end = k + 1 < runs.count ? runs.starts[k + 1] : series.count
                for i in runs.starts[k]..<end { moved.times[i] = shown(series.times[i], offset: runs.offsets[k]) }
            }
        } else {
            moved.times = series.times.map { shown($0) }
        }
        return moved
    }
}
