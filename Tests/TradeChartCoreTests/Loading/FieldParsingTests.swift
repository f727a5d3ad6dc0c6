import Testing
@testable import TradeChartCore

/// Unit tests of the byte-level number and time parsers.
@Suite("Loading field parsers")
struct FieldParsingTests {
    func number(_ text: String, delimiter: Character = ",") -> DecimalParser.Outcome {
        var s = text
        return s.withUTF8 { u in
            let b = u.baseAddress ?? UnsafePointer(bitPattern: 1)!
            return DecimalParser.parse(b, b + u.count, delimiter: delimiter.asciiValue!)
        }
    }

    func time(_ text: String) -> Int64? {
        var s = text
        return s.withUTF8 { u -> Int64? in
            guard let b = u.baseAddress, case .success(let t) = TimestampParser.parse(b, b + u.count) else { return nil }
            if t.family == .slashed { return SlashedDate.resolve(t.value, dayFirst: false) }
            return t.value
        }
    }

    func day(_ y: Int, _ m: Int, _ d: Int) -> Int64 { CivilDate(year: y, month: m, day: d).dayNumber * 86_400 }

    @Test func plainDecimals() {
        #expect(number("12084.30") == .value(12084.3))
        #expect(number("-0.000123") == .value(-0.000123))
        #expect(number("+7") == .value(7))
        #expect(number(" 42 ") == .value(42))
        #expect(number("100.\r") == .value(100))
        #expect(number(".5") == .value(0.5))
        #expect(number("9754.429688") == .value(9754.429688))
    }

    @Test func thousandsAndDecimalCommas() {
        #expect(number("12,084.30") == .value(12084.3))
        #expect(number("1,234,567") == .value(1_234_567))
        #expect(number("12,084") == .value(12084))            // comma file: a thousands group
        #expect(number("12,084", delimiter: ";") == .value(12.084)) // semicolon file: a decimal comma
        #expect(number("15.234,56", delimiter: ";") == .value(15234.56))
        #expect(number("221,50", delimiter: ";") == .value(221.5))
        #expect(number("221,5") == .value(221.5))              // not a group of three: a decimal comma
        #expect(number("1.015.234,5", delimiter: ";") == .value(1_015_234.5))
        #expect(number("1.234.567") == .value(1_234_567))
        #expect(number("12,34.5") == .notANumber)             // a group of two
        #expect(number("1,2,3") == .notANumber)
        #expect(number(",5") == .value(0.5))                   // like ".5"
    }

    @Test func exponentsAndLimits() {
        #expect(number("1.5e3") == .value(1500))
        #expect(number("1E-3") == .value(0.001))
        #expect(number("1e308") == .value(1e308))
        #expect(number("1e400") == .notFinite)
        #expect(number("-1e400") == .notFinite)
        #expect(number("inf") == .notFinite)
        #expect(number("-Infinity") == .notFinite)
        #expect(number("1e") == .notANumber)
        #expect(number("0x10") == .notANumber)
        #expect(number("3.14159265358979323846") == .value(3.14159265358979323846))
    }

    @Test func missingMarkers() {
        for text in ["", "  ", "null", "NULL", "NaN", "nan", "-", "n/a", "N/A", "#N/A", "none"] {
            #expect(number(text) == .missing, "\(text)")
        }
        #expect(number("abc") == .notANumber)
        #expect(number("12abc") == .notANumber)
    }

    /// The hand-written parser agrees with Swift's correctly rounded `Double(String)`.
    @Test func agreesWithTheStandardLibraryOnRandomDecimals() {
        var rng = SplitMix64(seed: 0x7261_6E64)
        for _ in 0..<200_000 {
            let intDigits = Int(rng.next() % 12)
            let fracDigits = Int(rng.next() % 12)
            var s = rng.next() % 5 == 0 ? "-" : ""
            s += intDigits == 0 ? "0" : String((0..<intDigits).map { _ in Character(String(rng.next() % 10)) })
            if fracDigits > 0 { s += "." + String((0..<fracDigits).map { _ in Character(String(rng.next() % 10)) }) }
            #expect(number(s) == .value(Double(s)!), "\(s)")
        }
        // Long mantissas and exponents through the slow path.
        for _ in 0..<20_000 {
            let digits = String((0..<(1 + Int(rng.next() % 25))).map { _ in Character(String(rng.next() % 10)) })
            let s = digits + "e" + String(Int(rng.next() % 60) - 30)
            #expect(number(s) == .value(Double(s)!), "\(s)")
        }
    }

    /// Wherever the allocation-free fast path answers, it gives what the reference
    /// (normalise, then `Double(String)`) gives: separators in every place, both files.
    @Test func theFastPathAgreesWithTheReferenceOnSeparatorSoup() {
        var rng = SplitMix64(seed: 0x5365_7073)
        let alphabet = Array("0123456789012345678901234567890123456789.,.,-+".utf8)
        var answered = 0
        for _ in 0..<300_000 {
            let count = 1 + Int(rng.next() % 16)
            let bytes = (0..<count).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
            for delimiter: UInt8 in [0x2C, 0x3B] {
                bytes.withUnsafeBufferPointer { b in
                    let p = b.baseAddress!, e = p + b.count
                    guard let fast = DecimalParser.fastPath(p, e, delimiter: delimiter) else { return }
                    answered += 1
                    let reference = DecimalParser.slowPath(p, e, delimiter: delimiter)
                    #expect(reference == .value(fast), "\(String(decoding: bytes, as: UTF8.self)) delimiter \(delimiter)")
                }
            }
        }
        // The German and English shapes themselves take the fast path.
        #expect(answered > 50_000)
        for (text, delimiter, value) in [("15.234,56", UInt8(0x3B), 15234.56), ("1.015.234,5", 0x3B, 1_015_234.5),
                                         ("12,084.30", 0x2C, 12084.3), ("221,50", 0x3B, 221.5), ("12,084", 0x2C, 12084)] {
            var t = text
            let fast = t.withUTF8 { u in DecimalParser.fastPath(u.baseAddress!, u.baseAddress! + u.count, delimiter: delimiter) }
            #expect(fast == value, "\(text)")
        }
    }

    /// Reading with the remembered day gives what a fresh reading gives, row after row,
    /// for good and bad dates, times and offsets alike.
    @Test func theDayCacheNeverChangesAResult() {
        var rng = SplitMix64(seed: 0x6461_7973)
        let dates = ["2019-05-17", "2019-05-18", "2019-02-29", "2020-02-29", "2019-13-01", "2019-5-17", " 2019-05-17", "2019/05/17"]
        let clocks = ["", " 10:50:00", " 10:50:00+01:00", "T23:59:60Z", " 24:00:00", " 10:60:00", " 10:50:00+19:00", " 10:50:00-18:59",
                      " 10:50:00+01:60", " 9:30", " 10:50", " 10:50:00.123", " 10:50:00 PM", "x10:50:00", " 1a:50:00", " 10:50:0", "\r"]
        var cache = TimestampParser.DayCache()
        for _ in 0..<20_000 {
            let text = dates[Int(rng.next() % UInt64(dates.count))] + clocks[Int(rng.next() % UInt64(clocks.count))]
            var bytes = text
            bytes.withUTF8 { u in
                let p = u.baseAddress!, e = p + u.count
                let fresh = TimestampParser.parse(p, e)
                let cached = TimestampParser.parse(p, e, cache: &cache)
                #expect(cached == fresh, "\(text)")
            }
        }
    }

    @Test func isoDatesAndTimes() {
        #expect(time("2019-06-14") == day(2019, 6, 14))
        #expect(time("2019-06-14 09:30") == day(2019, 6, 14) + 34_200)
        #expect(time("2019-06-14 09:30:15") == day(2019, 6, 14) + 34_215)
        #expect(time("2019-06-14T09:30:15.123456") == day(2019, 6, 14) + 34_215)
        #expect(time("2019/06/14") == day(2019, 6, 14))
        #expect(time("1959-09-28") == day(1959, 9, 28))
        #expect(time("-0001-03-01") == day(-1, 3, 1))
        #expect(time("2019-6-4") == day(2019, 6, 4))
    }

    @Test func offsetsAreCheckedButNotApplied() {
        let t = day(2019, 6, 14) + 34_200
        for s in ["2019-06-14T09:30:00+01:00", "2019-06-14T09:30:00+0100", "2019-06-14T09:30:00Z",
                  "2019-06-14 09:30:00-05:00", "2019-06-14T09:30+01", "2019-06-14 09:30 UTC"] {
            #expect(time(s) == t, "\(s)")
        }
        #expect(time("2019-06-14T09:30:00+25:00") == nil)
        #expect(time("2019-06-14T09:30:00+01:0") == nil)
        #expect(time("2019-06-14T09:30:00 junk") == nil)
    }

    @Test func rangesAreChecked() {
        #expect(time("2019-02-29") == nil)
        #expect(time("2020-02-29") == day(2020, 2, 29))
        #expect(time("2019-13-01") == nil)
        #expect(time("2019-04-31") == nil)
        #expect(time("2019-06-14 24:00") == nil)
        #expect(time("2019-06-14 23:60") == nil)
        #expect(time("2019-06-14 9:5") == nil)
        #expect(time("2019-06-14 13:00 PM") == nil)
    }

    @Test func usAndEuropeanDates() {
        #expect(time("11/5/2019 9:30") == day(2019, 11, 5) + 34_200)
        #expect(time("6/14/2019 1:30 PM") == day(2019, 6, 14) + 48_600)
        #expect(time("6/14/19") == day(2019, 6, 14))
        #expect(time("14.06.2019") == day(2019, 6, 14))
        #expect(time("14.06.2019 17:30") == day(2019, 6, 14) + 63_000)
    }

    @Test func slashedOrderFlags() {
        var s = "13/01/2019"
        let flags = s.withUTF8 { u -> UInt8 in
            guard case .success(let t) = TimestampParser.parse(u.baseAddress!, u.baseAddress! + u.count) else { return 0 }
            return t.slashOrders
        }
        #expect(flags == 2) // only day first fits
    }

    @Test func monthNames() {
        #expect(time("Jun 14, 2019") == day(2019, 6, 14))
        #expect(time("June 14, 2019") == day(2019, 6, 14))
        #expect(time("14 Jun 2019") == day(2019, 6, 14))
        #expect(time("14-Jun-2019") == day(2019, 6, 14))
        #expect(time("19-Sep-03") == day(2003, 9, 19))
        #expect(time("01-Jan-69") == day(1969, 1, 1))
        #expect(time("31-Dec-68") == day(2068, 12, 31))
        #expect(time("Sept 1, 2019") == day(2019, 9, 1))
        #expect(time("Jun 14, 2019 09:30") == day(2019, 6, 14) + 34_200)
        #expect(time("Foo 14, 2019") == nil)
        #expect(time("Feb 30, 2019") == nil)
    }

    @Test func unixTimesAreRaw() {
        #expect(time("1638887400") == 1_638_887_400)
        #expect(time("-630927000") == -630_927_000)
        #expect(time("1560470400000") == 1_560_470_400_000) // scaled later, from the whole column
        #expect(time("1234567890123456789") == nil)
    }

    @Test func summaryLine() {
        var r = LoadReport()
        #expect(r.summary == nil)
        r.missingPrices = 5
        #expect(r.summary == nil)
        r.recordBad(line: 17, reason: "price 'abc' is not a number")
        r.recordBad(line: 20, reason: "other")
        r.recordBad(line: 30, reason: "other")
        #expect(r.summary == "3 bad rows skipped (first: line 17: price 'abc' is not a number)")
        r.duplicatesDropped = 1
        #expect(r.summary == "3 bad rows skipped (first: line 17: price 'abc' is not a number); 1 duplicate timestamp dropped (last row kept)")
    }
}
