/// Short, locale-free date and time texts for labels, the header and descriptions.
package enum DateText {
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    static func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }

    /// `09:30`
    package static func time(_ t: Int64) -> String {
        let s = Int(LocalTime.secondOfDay(t))
        return "\(two(s / 3600)):\(two(s / 60 % 60))"
    }

    /// `13 May 2019`
    package static func dayMonthYear(_ t: Int64) -> String {
        let d = LocalTime.date(t)
        return "\(d.day) \(monthNames[d.month - 1]) \(d.year)"
    }

    /// `13 May`
    package static func dayMonth(_ t: Int64) -> String {
        let d = LocalTime.date(t)
        return "\(d.day) \(monthNames[d.month - 1])"
    }

    /// `May 2019`
    package static func monthYear(_ t: Int64) -> String {
        let d = LocalTime.date(t)
        return "\(monthNames[d.month - 1]) \(d.year)"
    }

    /// `Mon`
    package static func weekday(_ t: Int64) -> String { weekdayNames[LocalTime.date(t).weekday] }

    /// `Mon 09:30`
    package static func weekdayTime(_ t: Int64) -> String { "\(weekday(t)) \(time(t))" }

    /// A point's moment as a person reads it: `Mon 13 May 2019` for daily data,
    /// `Fri 8 Nov 2019 15:59` for intraday data.
    package static func moment(_ t: Int64, withTime: Bool) -> String {
        "\(weekday(t)) \(dayMonthYear(t))" + (withTime ? " \(time(t))" : "")
    }
}
