import Testing
@testable import TradeChartCore

/// Prices and volumes are read through one scan of their digits and separators
/// (`NumberScan`), whichever of `.` and `,` is the decimal point.
@Suite("Loading: one number scan for points and commas")
struct NumberScanTests {
    static func scan(_ text: String) -> NumberScan? {
        Array(text.utf8).withUnsafeBufferPointer { NumberScan($0.baseAddress!, $0.baseAddress! + $0.count) }
    }

    static func volume(_ text: String, delimiter: UInt8) -> Double {
        Array(text.utf8).withUnsafeBufferPointer { VolumeParser.parse($0.baseAddress!, $0.baseAddress! + $0.count, delimiter: delimiter) }
    }

    @Test func theScanNotesWhereEachSeparatorStands() throws {
        let german = try #require(Self.scan("-10.011,2150"))
        #expect(german.sign == 0x2D && german.mantissa == 100_112_150 && german.digits == 9)
        #expect(german.dots == 1 << 2 && german.commas == 1 << 5)
        let english = try #require(Self.scan("10011.2150"))
        #expect(english.mantissa == 100_112_150 && english.dots == 1 << 5 && english.commas == 0)
        #expect(Self.scan("1..2") == nil && Self.scan("1.,2") == nil && Self.scan("12a") == nil && Self.scan("") == nil)
        #expect(Self.scan("12345678901234567890") == nil)
    }

    /// A volume as its rules say, written plainly: a K/M/B/T suffix scales digits with at most
    /// one point (no `+`, at most 18 digits); outside comma-separated files dots between groups
    /// of three digits group thousands; anything else is read as a price.
    static func referenceVolume(_ text: String, delimiter: UInt8) -> Double {
        var bytes = Array(text.utf8)
        while let c = bytes.first, c == 0x20 || c == 0x09 { bytes.removeFirst() }
        while let c = bytes.last, c == 0x20 || c == 0x09 || c == 0x0D { bytes.removeLast() }
        guard let last = bytes.last else { return .nan }
        let exponents: [UInt8: Int] = [0x6B: 3, 0x6D: 6, 0x62: 9, 0x74: 12]
        if let exponent = exponents[last | 0x20], bytes.count >= 2 {
            var body = Array(bytes.dropLast())
            let negative = body.first == 0x2D
            if negative { body.removeFirst() }
            let points = body.filter { $0 == 0x2E || $0 == 0x2C }.count
            let digits = body.filter { $0 >= 0x30 && $0 <= 0x39 }
            guard points <= 1, digits.count + points == body.count, (1...18).contains(digits.count) else { return .nan }
            let fraction = body.firstIndex(where: { $0 == 0x2E || $0 == 0x2C }).map { body.count - 1 - $0 } ?? 0
            let whole = Double(String(decoding: digits, as: UTF8.self))!
            let v = exponent >= fraction ? whole * pow10(exponent - fraction) : whole / pow10(fraction - exponent)
            return negative ? -v : v
        }
        if delimiter != 0x2C {
            let groups = String(decoding: bytes, as: UTF8.self).split(separator: ".", omittingEmptySubsequences: false)
            let digitsOnly = groups.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) && $0.utf8.allSatisfy { $0 < 0x80 } }
            if groups.count > 1, digitsOnly, (1...3).contains(groups[0].count), groups.dropFirst().allSatisfy({ $0.count == 3 }),
               groups.joined().count <= 18 {
                return Double(groups.joined())!
            }
        }
        return bytes.withUnsafeBufferPointer { b in
            if case .value(let v) = DecimalParser.parse(b.baseAddress!, b.baseAddress! + b.count, delimiter: delimiter) { return v }
            return .nan
        }
    }

    static func pow10(_ k: Int) -> Double { (0..<k).reduce(1.0) { r, _ in r * 10 } }

    /// Random soups of digits, points, commas, signs and suffixes read as volumes: as the rules say, to the bit.
    @Test func volumesReadAsTheirRulesSay() {
        var rng = SplitMix64(seed: 22)
        let alphabet = Array("0123456789012345678901234567890.,.,.-+ KMkbT".utf8)
        for _ in 0..<40_000 {
            let count = 1 + Int(rng.next() % 16)
            var text = String(decoding: (0..<count).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }, as: UTF8.self)
            if rng.next() % 2 == 0 {
                // Groups of digits joined by separators, now and then a sign or a suffix: the cases the rules tell apart.
                let groups = (0...Int(rng.next() % 5)).map { _ in String(repeating: "7", count: 1 + Int(rng.next() % 4)) }
                text = (rng.next() % 5 == 0 ? "-" : "") + groups.joined(separator: rng.next() % 3 == 0 ? "," : ".")
                    + (rng.next() % 4 == 0 ? "k" : "")
            }
            for delimiter: UInt8 in [0x2C, 0x3B] {
                let got = Self.volume(text, delimiter: delimiter), want = Self.referenceVolume(text, delimiter: delimiter)
                #expect(got.bitPattern == want.bitPattern || (got.isNaN && want.isNaN), "'\(text)' with \(delimiter): \(got) vs \(want)")
            }
        }
    }
}
