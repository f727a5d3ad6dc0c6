/// A POSIX TZ rule, as the end of a TZif file gives it for the years after its last
/// transition: `CET-1CEST,M3.5.0,M10.5.0/3` (standard time one hour east of UTC,
/// daylight saving from 02:00 on the last Sunday of March to 03:00 on the last Sunday
/// of October), `EST5EDT,M3.2.0,M11.1.0`, `<+0530>-5:30`, `AEST-10AEDT,M10.1.0,M4.1.0/3`.
struct PosixZoneRule: Sendable, Equatable {
    var standard: ZoneRules.LocalType
    var daylight: ZoneRules.LocalType?
    var start: Transition?
    var end: Transition?

    /// When daylight saving starts or ends: a day of the year and the local time of day.
    struct Transition: Sendable, Equatable {
        enum Day: Sendable, Equatable {
            /// `Jn`: day 1...365, February 29 never counted.
            case julian(Int)
            /// `n`: day 0...365, February 29 counted.
            case zeroBased(Int)
            /// `Mm.w.d`: weekday `d` (0 Sunday) of week `w` (5: the last) of month `m`.
            case monthWeekDay(month: Int, week: Int, weekday: Int)
        }
        var day: Day
        /// Seconds after local midnight (may be negative or past 24 hours).
        var time: Int64

        /// Local seconds since 1970 of this transition in `year` (before the offset).
        func localSeconds(year: Int) -> Int64 {
            let dayNumber: Int64
            switch day {
            case .julian(let n):
                let jan1 = CivilDate(year: year, month: 1, day: 1).dayNumber
                dayNumber = jan1 + Int64(n - 1) + (CivilDate.isLeapYear(year) && n >= 60 ? 1 : 0)
            case .zeroBased(let n):
                dayNumber = CivilDate(year: year, month: 1, day: 1).dayNumber + Int64(n)
            case .monthWeekDay(let month, let week, let weekday):
                let first = CivilDate(year: year, month: month, day: 1)
                // CivilDate counts Monday as 0; POSIX counts Sunday as 0.
                let target = (weekday + 6) % 7
                var day = 1 + (target - first.weekday + 7) % 7 + 7 * (week - 1)
                let length = CivilDate.daysInMonth(year: year, month: month)
                while day > length { day -= 7 }
                dayNumber = CivilDate(year: year, month: month, day: day).dayNumber
            }
            return dayNumber * LocalTime.secondsPerDay + time
        }
    }

    /// Parses a rule; nil when it cannot be read.
    init?(_ text: String) {
        var scanner = RuleScanner(Array(text.utf8))
        guard let standardName = scanner.name(), let standardOffset = scanner.offset() else { return nil }
        standard = .init(offset: Int32(-standardOffset), isDaylightSaving: false, abbreviation: standardName)
        guard !scanner.atEnd else { daylight = nil; start = nil; end = nil; return }
        guard let daylightName = scanner.name() else { return nil }
        let daylightOffset = scanner.peek == UInt8(ascii: ",") ? standardOffset - 3600 : scanner.offset()
        guard let daylightOffset else { return nil }
        daylight = .init(offset: Int32(-daylightOffset), isDaylightSaving: true, abbreviation: daylightName)
        // Without dates, the US rules of 2007 are the POSIX default.
        guard scanner.take(UInt8(ascii: ",")) else {
            start = Transition(day: .monthWeekDay(month: 3, week: 2, weekday: 0), time: 7200)
            end = Transition(day: .monthWeekDay(month: 11, week: 1, weekday: 0), time: 7200)
            return
        }
        guard let start = scanner.transition(), scanner.take(UInt8(ascii: ",")), let end = scanner.transition() else {
            return nil
        }
        self.start = start
        self.end = end
    }

    /// What the clocks say at UTC second `t`.
    func localType(atUTC t: Int64) -> ZoneRules.LocalType {
        guard let daylight, let start, let end else { return standard }
        let year = LocalTime.date(t + Int64(standard.offset)).year
        // The start is given in standard time, the end in daylight saving time.
        let starts = start.localSeconds(year: year) - Int64(standard.offset)
        let ends = end.localSeconds(year: year) - Int64(daylight.offset)
        let inDaylight = starts < ends ? (t >= starts && t < ends) : !(t >= ends && t < starts)
        return inDaylight ? daylight : standard
    }
}

/// Reads the parts of a POSIX TZ rule.
private struct RuleScanner {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { position >= bytes.count }
    var peek: UInt8? { atEnd ? nil : bytes[position] }

    mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        position += 1
        return true
    }

    /// `CET` (three or more letters) or `<+0530>`.
    mutating func name() -> String? {
        if take(UInt8(ascii: "<")) {
            let start = position
            while let b = peek, b != UInt8(ascii: ">") { position += 1 }
            guard take(UInt8(ascii: ">")) else { return nil }
            return String(decoding: bytes[start..<position - 1], as: UTF8.self)
        }
        let start = position
        while let b = peek, (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") { position += 1 }
        return position - start >= 3 ? String(decoding: bytes[start..<position], as: UTF8.self) : nil
    }

    /// `[+-]hh[:mm[:ss]]` in seconds (positive west of Greenwich, as POSIX writes it).
    mutating func offset() -> Int64? {
        var sign: Int64 = 1
        if take(UInt8(ascii: "-")) { sign = -1 } else { _ = take(UInt8(ascii: "+")) }
        guard let hours = number() else { return nil }
        var seconds = hours * 3600
        if take(UInt8(ascii: ":")) {
            guard let minutes = number() else { return nil }
            seconds += minutes * 60
            if take(UInt8(ascii: ":")) {
                guard let s = number() else { return nil }
                seconds += s
            }
        }
        return sign * seconds
    }

    /// `Jn`, `n` or `Mm.w.d`, then `/time` (default 02:00).
    mutating func transition() -> PosixZoneRule.Transition? {
        let day: PosixZoneRule.Transition.Day
        if take(UInt8(ascii: "M")) {
            guard let m = number(), take(UInt8(ascii: ".")), let w = number(), take(UInt8(ascii: ".")), let d = number(),
                  (1...12).contains(m), (1...5).contains(w), (0...6).contains(d) else { return nil }
            day = .monthWeekDay(month: Int(m), week: Int(w), weekday: Int(d))
        } else if take(UInt8(ascii: "J")) {
            guard let n = number(), (1...365).contains(n) else { return nil }
            day = .julian(Int(n))
        } else {
            guard let n = number(), (0...365).contains(n) else { return nil }
            day = .zeroBased(Int(n))
        }
        var time: Int64 = 7200
        if take(UInt8(ascii: "/")) {
            guard let t = offset() else { return nil }
            time = t
        }
        return PosixZoneRule.Transition(day: day, time: time)
    }

    mutating func number() -> Int64? {
        let start = position
        var value: Int64 = 0
        while let b = peek, b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9"), position - start < 6 {
            value = value * 10 + Int64(b - UInt8(ascii: "0"))
            position += 1
        }
        return position > start ? value : nil
    }
}
