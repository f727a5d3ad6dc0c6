import Foundation
import TradeChartCore

/// One row of the DAX file, read independently of the app's loader.
struct DAXRow {
    var date: String
    var close: Double
}

enum AccessibilityTestSupport {
    /// The package root, found from this file's path.
    static var packageRoot: URL {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return url
    }

    /// `Data/dax.csv` (Date,Open,High,Low,Close,...), skipping `null` rows.
    static func daxRows() throws -> [DAXRow] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Data/dax.csv"), encoding: .utf8)
        var rows: [DAXRow] = []
        for line in text.split(whereSeparator: \.isNewline).dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count >= 5, let close = Double(fields[4]) else { continue }
            rows.append(DAXRow(date: String(fields[0]), close: close))
        }
        return rows
    }

    static let utc = TimeZone(identifier: "UTC")!

    /// Seconds since 1970 of midnight of an ISO date, via Foundation's calendar.
    static func seconds(_ isoDate: String) -> Int64 {
        let parts = isoDate.split(separator: "-").map { Int($0)! }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))!
        return Int64(date.timeIntervalSince1970)
    }

    static func daxSeries() throws -> PriceSeries {
        let rows = try daxRows()
        return PriceSeries(name: "DAX", times: rows.map { seconds($0.date) }, prices: rows.map(\.close), hasTimeOfDay: false)
    }

    /// `Tue 15 May 2018` for an ISO date, via DateFormatter.
    static func readable(_ isoDate: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = utc
        formatter.dateFormat = "EEE d MMM yyyy"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds(isoDate))))
    }

    /// `12,345.68`: printf rounding, then groups of three inserted by hand.
    static func price(_ value: Double) -> String {
        let plain = String(format: "%.2f", value)
        let parts = plain.split(separator: ".")
        var whole = String(parts[0])
        var grouped = ""
        while whole.count > 3 {
            grouped = "," + whole.suffix(3) + grouped
            whole.removeLast(3)
        }
        return whole + grouped + "." + parts[1]
    }

    /// Daily series on consecutive days from 2019-01-01 with the given prices.
    static func daily(_ prices: [Double], name: String = "Test") -> PriceSeries {
        let start = seconds("2019-01-01")
        return PriceSeries(name: name, times: prices.indices.map { start + Int64($0) * 86_400 },
                           prices: prices, hasTimeOfDay: false)
    }

    static func wholeSlice(_ series: PriceSeries) -> RangeSlice {
        RangeSlice(range: .oneYear, first: 0, last: series.count - 1, coversAllData: false)
    }
}

/// A WAV file taken apart by the test, checking every header field on the way.
struct ParsedWAV {
    var sampleRate: Int
    var samples: [Int16]

    var duration: Double { Double(samples.count) / Double(sampleRate) }

    enum Problem: Error { case bad(String) }

    init(_ bytes: [UInt8]) throws {
        func u32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func tag(_ at: Int) -> String { String(decoding: bytes[at..<at + 4], as: UTF8.self) }
        guard bytes.count >= 44 else { throw Problem.bad("too short") }
        guard tag(0) == "RIFF", tag(8) == "WAVE", tag(12) == "fmt " else { throw Problem.bad("not RIFF/WAVE") }
        guard u32(4) == bytes.count - 8 else { throw Problem.bad("RIFF size \(u32(4)) for \(bytes.count) bytes") }
        guard u32(16) == 16, u16(20) == 1 else { throw Problem.bad("not PCM") }
        guard u16(22) == 1 else { throw Problem.bad("not mono") }
        guard u16(34) == 16, u16(32) == 2 else { throw Problem.bad("not 16 bit") }
        sampleRate = u32(24)
        guard u32(28) == sampleRate * 2 else { throw Problem.bad("byte rate") }
        guard tag(36) == "data", u32(40) == bytes.count - 44 else { throw Problem.bad("data size") }
        samples = stride(from: 44, to: bytes.count, by: 2).map { Int16(bitPattern: UInt16(u16($0))) }
    }

    /// The pitch of each `window`-second window, from its zero crossings.
    func pitches(window: Double = 0.1) -> [Double] {
        let size = Int(window * Double(sampleRate))
        return stride(from: 0, to: samples.count - size + 1, by: size).map { start in
            var crossings = 0
            for k in start + 1..<start + size where (samples[k - 1] < 0) != (samples[k] < 0) { crossings += 1 }
            return Double(crossings) / 2 / window
        }
    }

    /// The largest change from one sample to the next.
    var largestJump: Int {
        zip(samples, samples.dropFirst()).map { abs(Int($1) - Int($0)) }.max() ?? 0
    }
}

/// Spearman's rank correlation (ties get their average rank).
func rankCorrelation(_ a: [Double], _ b: [Double]) -> Double {
    func ranks(_ v: [Double]) -> [Double] {
        let order = v.indices.sorted { v[$0] < v[$1] }
        var r = [Double](repeating: 0, count: v.count)
        var i = 0
        while i < order.count {
            var j = i
            while j + 1 < order.count && v[order[j + 1]] == v[order[i]] { j += 1 }
            for k in i...j { r[order[k]] = Double(i + j) / 2 }
            i = j + 1
        }
        return r
    }
    let ra = ranks(a), rb = ranks(b)
    let ma = ra.reduce(0, +) / Double(ra.count), mb = rb.reduce(0, +) / Double(rb.count)
    var sab = 0.0, saa = 0.0, sbb = 0.0
    for i in ra.indices {
        sab += (ra[i] - ma) * (rb[i] - mb)
        saa += (ra[i] - ma) * (ra[i] - ma)
        sbb += (rb[i] - mb) * (rb[i] - mb)
    }
    return sab / (saa * sbb).squareRoot()
}
