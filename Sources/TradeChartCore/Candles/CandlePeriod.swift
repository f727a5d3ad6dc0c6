/// The span of time one candle stands for, as a trader picks it: 1, 2, 3, 5, 10, 15 and
/// 30 minutes, 1, 2 and 4 hours, a day, a week, a month, three months, a year. Every
/// candle of a period starts on the period's boundary on the data's own clock (the
/// exchange's): on the minute of the day that is a multiple of its length (:00, :15,
/// :30, :45), at midnight, on Monday, on the first of the month, of January, April,
/// July or October, of January. The periods under a day divide the day, so an intraday
/// candle never crosses midnight: the overnight gap between two sessions ends a candle.
public enum CandlePeriod: String, CaseIterable, Sendable, Codable, Comparable {
    case oneMinute = "1m", twoMinutes = "2m", threeMinutes = "3m", fiveMinutes = "5m", tenMinutes = "10m"
    case fifteenMinutes = "15m", thirtyMinutes = "30m", oneHour = "1h", twoHours = "2h", fourHours = "4h"
    case day = "1d", week = "1w", month = "1mo", quarter = "3mo", year = "1y"

    /// The length of a period under a day, in seconds; nil for a day and longer.
    var seconds: Int64? {
        switch self {
        case .oneMinute: 60
        case .twoMinutes: 120
        case .threeMinutes: 180
        case .fiveMinutes: 300
        case .tenMinutes: 600
        case .fifteenMinutes: 900
        case .thirtyMinutes: 1800
        case .oneHour: 3600
        case .twoHours: 7200
        case .fourHours: 14_400
        case .day, .week, .month, .quarter, .year: nil
        }
    }

    /// The shortest it lasts, in seconds (a month at least 28 days): a period shorter than
    /// the spacing of a file's bars cannot merge them.
    var shortest: Int64 {
        if let seconds { return seconds }
        let day = LocalTime.secondsPerDay
        switch self {
        case .week: return 7 * day
        case .month: return 28 * day
        case .quarter: return 89 * day
        case .year: return 365 * day
        default: return day
        }
    }

    /// What one candle stands for, in words: `1 min`, `15 min`, `1 h`, `1 day`, `1 week`, `3 months`.
    public var words: String {
        if let seconds { return seconds < 3600 ? "\(seconds / 60) min" : "\(seconds / 3600) h" }
        switch self {
        case .week: return "1 week"
        case .month: return "1 month"
        case .quarter: return "3 months"
        case .year: return "1 year"
        default: return "1 day"
        }
    }

    /// The start of the period that holds the local time `t` (seconds of the data's clock).
    package func start(of t: Int64) -> Int64 {
        let dayNumber = LocalTime.dayNumber(t)
        let midnight = dayNumber * LocalTime.secondsPerDay
        if let seconds { return midnight + (t - midnight) / seconds * seconds }
        let date = CivilDate(dayNumber: dayNumber)
        switch self {
        case .week: return (dayNumber - Int64(date.weekday)) * LocalTime.secondsPerDay
        case .month: return Self.midnight(CivilDate(year: date.year, month: date.month, day: 1))
        case .quarter: return Self.midnight(CivilDate(year: date.year, month: (date.month - 1) / 3 * 3 + 1, day: 1))
        case .year: return Self.midnight(CivilDate(year: date.year, month: 1, day: 1))
        default: return midnight
        }
    }

    /// The start of the period after the one that holds `t`.
    package func end(of t: Int64) -> Int64 {
        let start = start(of: t)
        if let seconds { return start + seconds }
        let date = LocalTime.date(start)
        switch self {
        case .week: return start + 7 * LocalTime.secondsPerDay
        case .month: return Self.midnight(date.addingMonths(1))
        case .quarter: return Self.midnight(date.addingMonths(3))
        case .year: return Self.midnight(date.addingMonths(12))
        default: return start + LocalTime.secondsPerDay
        }
    }

    static func midnight(_ date: CivilDate) -> Int64 { date.dayNumber * LocalTime.secondsPerDay }

    /// The period a command-line value names (case aside): `1m` `5min` `15m` `1h` `4h` `1d`
    /// `day` `1w` `week` `1mo` `month` `3mo` `quarter` `1y` `year`; nil for anything else.
    public init?(argument: String) {
        let text = argument.lowercased()
        let words: [String: CandlePeriod] = ["d": .day, "day": .day, "daily": .day, "w": .week, "week": .week,
                                              "weekly": .week, "mo": .month, "month": .month, "monthly": .month,
                                              "q": .quarter, "quarter": .quarter, "y": .year, "year": .year,
                                              "yearly": .year, "60m": .oneHour, "120m": .twoHours, "240m": .fourHours]
        if let period = CandlePeriod(rawValue: text) ?? words[text] {
            self = period
        } else if text.hasSuffix("min"), let period = CandlePeriod(rawValue: text.dropLast(3) + "m") {
            self = period
        } else {
            return nil
        }
    }

    /// The values `--period` takes, as `--help` lists them.
    public static var arguments: String { allCases.map(\.rawValue).joined(separator: ", ") }

    public static func < (a: CandlePeriod, b: CandlePeriod) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
