/// A date given on the command line (`--from`, `--to`): `2019`, `2019-05`, or any time
/// the loader reads (`2019-05-13`, `2019-05-13 09:30`, `13.05.2019`, `5/13/2019`,
/// `May 13, 2019`, Unix seconds), as the span of wall-clock time it names: a whole
/// year, month or day, or one moment. `--from` takes its start, `--to` its end.
public struct DateArgument: Sendable, Equatable {
    /// The first and last second the text names, in the data's wall-clock seconds since 1970.
    public var span: ClosedRange<Int64>

    /// Reads `text`; nil when it is no date.
    public init?(_ text: String) {
        let trimmed = text.trimmingSpaces()
        let day = LocalTime.secondsPerDay
        // `2019`, `2019-05`.
        let parts = trimmed.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
           parts[0].count == 4, let year = Int(parts[0]) {
            if parts.count == 1 {
                let start = CivilDate(year: year, month: 1, day: 1).dayNumber * day
                span = start...(CivilDate(year: year + 1, month: 1, day: 1).dayNumber * day - 1)
                return
            }
            guard parts[1].count <= 2, let month = Int(parts[1]), (1...12).contains(month) else { return nil }
            let start = CivilDate(year: year, month: month, day: 1).dayNumber * day
            let next = month == 12 ? CivilDate(year: year + 1, month: 1, day: 1) : CivilDate(year: year, month: month + 1, day: 1)
            span = start...(next.dayNumber * day - 1)
            return
        }
        var bytes = Array(trimmed.utf8)
        guard !bytes.isEmpty else { return nil }
        bytes.append(0)
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            TimestampParser.parse(buffer.baseAddress!, buffer.baseAddress! + buffer.count - 1)
        }
        guard case .success(let time) = parsed else { return nil }
        let moment: Int64
        switch time.family {
        case .slashed:
            // Month first, as the US writes it, unless only day first makes a date.
            guard let t = SlashedDate.resolve(time.value, dayFirst: false) ?? SlashedDate.resolve(time.value, dayFirst: true)
            else { return nil }
            moment = t
        case .unix:
            moment = abs(time.value) >= 100_000_000_000 ? time.value / 1000 : time.value
        default:
            moment = time.value
        }
        // A date without a time of day names the whole day.
        let hasTime = trimmed.contains(":") || time.family == .unix
        span = hasTime ? moment...moment : moment...(moment + day - 1)
    }
}
