/// A calendar date in the proleptic Gregorian calendar, with conversions to and
/// from day numbers (days since 1970-01-01), valid for any year.
public struct CivilDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date of a day number (days since 1970-01-01).
    public init(dayNumber z0: Int64) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(year: Int(yoe + era * 400 + (m <= 2 ? 1 : 0)), month: Int(m), day: Int(d))
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mm = Int64(month)
        let doy = (153 * (mm > 2 ? mm - 3 : mm + 9) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// Monday = 0 ... Sunday = 6.
    public var weekday: Int {
        let w = (dayNumber + 3) % 7
        return Int(w < 0 ? w + 7 : w)
    }

    package static func isLeapYear(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    package static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// True when the date is in the calendar: month 1-12, day 1 to the month's length.
    @inline(__always)
    static func exists(year: Int, month: Int, day: Int) -> Bool {
        month >= 1 && month <= 12 && day >= 1 && (day <= 28 || day <= daysInMonth(year: year, month: month))
    }

    /// This date moved by a number of calendar months, the day clamped to the
    /// length of the target month (31 March minus one month is the last day of February).
    package func addingMonths(_ months: Int) -> CivilDate {
        let total = year * 12 + (month - 1) + months
        let y = total >= 0 ? total / 12 : (total - 11) / 12
        let m = total - y * 12 + 1
        return CivilDate(year: y, month: m, day: min(day, CivilDate.daysInMonth(year: y, month: m)))
    }

    public static func < (a: CivilDate, b: CivilDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// ISO form, `2019-05-13`.
    public var description: String {
        func pad(_ v: Int, _ w: Int) -> String {
            let s = String(abs(v))
            return (v < 0 ? "-" : "") + String(repeating: "0", count: max(0, w - s.count)) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}

/// Splits local wall-clock seconds into a day number and the second of that day.
package enum LocalTime {
    package static let secondsPerDay: Int64 = 86_400

    /// Day number (days since 1970-01-01) of a local timestamp, flooring for times before 1970.
    @inlinable package static func dayNumber(_ t: Int64) -> Int64 {
        t >= 0 ? t / secondsPerDay : -((-t + secondsPerDay - 1) / secondsPerDay)
    }

    /// Seconds since local midnight, 0 ..< 86400.
    @inlinable package static func secondOfDay(_ t: Int64) -> Int64 { t - dayNumber(t) * secondsPerDay }

    /// The calendar date of a local timestamp.
    package static func date(_ t: Int64) -> CivilDate { CivilDate(dayNumber: dayNumber(t)) }
}
