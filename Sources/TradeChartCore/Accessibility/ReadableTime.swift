/// Spells a point's local time for reading aloud: `Mon 13 May 2019`, or with
/// the time of day for intraday data, `Mon 13 May 2019, 17:30`.
public enum ReadableTime {
    static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The date of a local wall-clock timestamp, and its time of day when `withTimeOfDay`
    /// (minutes always, seconds only when they are not zero).
    public static func text(_ time: Int64, withTimeOfDay: Bool) -> String {
        let date = LocalTime.date(time)
        var text = "\(weekdayNames[date.weekday]) \(date.day) \(monthNames[date.month - 1]) \(date.year)"
        if withTimeOfDay {
            let second = LocalTime.secondOfDay(time)
            text += ", \(twoDigits(second / 3600)):\(twoDigits(second / 60 % 60))"
            if second % 60 != 0 { text += ":\(twoDigits(second % 60))" }
        }
        return text
    }

    static func twoDigits(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
}
