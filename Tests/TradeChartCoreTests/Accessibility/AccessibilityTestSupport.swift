import Foundation
import TradeChartCore
import TradeChartTestSupport

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
    static func daily(_ prices: [Double], name: String = "Test") -> PriceSeries { SampleSeries.daily(prices, name: name) }

    static func wholeSlice(_ series: PriceSeries) -> RangeSlice { SampleSeries.wholeSlice(series) }
}
