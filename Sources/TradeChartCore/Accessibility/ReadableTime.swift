/// Spells a point's local time for reading aloud: `Mon 13 May 2019`, or with
/// the time of day for intraday data, `Mon 13 May 2019, 17:30`.
package enum ReadableTime {
    /// The date of a local wall-clock timestamp, and its time of day when `withTimeOfDay`
    /// (minutes always, seconds only when they are not zero).
    package static func text(_ time: Int64, withTimeOfDay: Bool) -> String {
        var text = "\(DateText.weekday(time)) \(DateText.dayMonthYear(time))"
        if withTimeOfDay {
            text += ", " + DateText.time(time)
            let second = Int(LocalTime.secondOfDay(time) % 60)
            if second != 0 { text += ":" + DateText.two(second) }
        }
        return text
    }
}
