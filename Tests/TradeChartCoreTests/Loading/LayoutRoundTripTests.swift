import Foundation
import Testing
@testable import TradeChartCore

/// The property of issue 23: a random OHLCV series written in each layout an exchange,
/// broker or platform exports (and in those that loaded before) loads back equal, its
/// times to the second and its prices to the precision they were printed with.
@Suite("Layouts load back what was written")
struct LayoutRoundTripTests {
    struct Bar {
        var time: Int64
        var open, high, low, close, volume: Double
    }

    /// One layout: its name, its header (nil for none), the decimals its prices are printed
    /// with, the step its times come in, and how it writes a bar.
    struct Layout: Sendable, CustomStringConvertible {
        var name: String
        var header: String?
        var decimals: Int
        var step: Int64
        var lineEnd = "\n"
        var row: @Sendable (_ bar: Bar, _ price: (Double) -> String) -> String
        var description: String { name }
    }

    /// `YYYY`, `MM`, `DD`, `HH`, `MM`, `SS` of local seconds, as text.
    static func parts(_ t: Int64) -> (y: String, m: String, d: String, hh: String, mm: String, ss: String) {
        let day = CivilDate(dayNumber: t >= 0 ? t / 86_400 : (t - 86_399) / 86_400)
        let sod = t - day.dayNumber * 86_400
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return (String(format: "%04d", day.year), two(day.month), two(day.day), two(Int(sod / 3600)), two(Int(sod / 60 % 60)),
                two(Int(sod % 60)))
    }

    static func volume(_ v: Double) -> String { String(Int(v)) }

    static let layouts: [Layout] = [
        Layout(name: "Binance ms", header: nil, decimals: 2, step: 1) { b, p in
            "\(b.time * 1000),\(p(b.open)),\(p(b.high)),\(p(b.low)),\(p(b.close)),\(volume(b.volume)),\(b.time * 1000 + 59_999),1.5,12,0.5,0.25,0"
        },
        Layout(name: "Binance µs", header: nil, decimals: 8, step: 1) { b, p in
            "\(b.time * 1_000_000),\(p(b.open)),\(p(b.high)),\(p(b.low)),\(p(b.close)),\(volume(b.volume)),\(b.time * 1_000_000 + 59_999_999),1.5,12,0.5,0.25,0"
        },
        Layout(name: "Binance with header", header: "open_time,open,high,low,close,volume,close_time,quote_volume,count,"
               + "taker_buy_volume,taker_buy_quote_volume,ignore", decimals: 4, step: 1) { b, p in
            "\(b.time * 1000),\(p(b.open)),\(p(b.high)),\(p(b.low)),\(p(b.close)),\(volume(b.volume)),\(b.time * 1000 + 999),1,2,3,4,0"
        },
        Layout(name: "Kraken OHLCVT", header: nil, decimals: 1, step: 1) { b, p in
            "\(b.time),\(p(b.open)),\(p(b.high)),\(p(b.low)),\(p(b.close)),\(volume(b.volume)),17"
        },
        Layout(name: "MetaTrader 4", header: nil, decimals: 5, step: 60, lineEnd: "\r\n") { b, p in
            let t = parts(b.time)
            return "\(t.y).\(t.m).\(t.d),\(t.hh):\(t.mm),\(p(b.open)),\(p(b.high)),\(p(b.low)),\(p(b.close)),\(volume(b.volume))"
        },
        Layout(name: "MetaTrader 5", header: "<DATE>\t<TIME>\t<OPEN>\t<HIGH>\t<LOW>\t<CLOSE>\t<TICKVOL>\t<VOL>\t<SPREAD>",
               decimals: 5, step: 1) { b, p in
            let t = parts(b.time)
            return "\(t.y).\(t.m).\(t.d)\t\(t.hh):\(t.mm):\(t.ss)\t\(p(b.open))\t\(p(b.high))\t\(p(b.low))\t\(p(b.close))\t\(volume(b.volume))\t0\t3"
        },
        Layout(name: "HistData", header: nil, decimals: 6, step: 1) { b, p in
            let t = parts(b.time)
            return "\(t.y)\(t.m)\(t.d) \(t.hh)\(t.mm)\(t.ss);\(p(b.open));\(p(b.high));\(p(b.low));\(p(b.close));0"
        },
        Layout(name: "Dukascopy", header: "Gmt time,Open,High,Low,Close,Volume", decimals: 5, step: 1) { b, p in
            let t = parts(b.time)
            return "\(t.d).\(t.m).\(t.y) \(t.hh):\(t.mm):\(t.ss).000,\(p(b.open)),\(p(b.high)),\(p(b.low)),\(p(b.close)),\(volume(b.volume))"
        },
        Layout(name: "FirstRate", header: nil, decimals: 4, step: 1) { b, p in
            let t = parts(b.time)
            return "\(t.y)-\(t.m)-\(t.d) \(t.hh):\(t.mm):\(t.ss),\(p(b.open)),\(p(b.high)),\(p(b.low)),\(p(b.close)),\(volume(b.volume))"
        },
        Layout(name: "stooq intraday", header: "Date,Time,Open,High,Low,Close,Volume", decimals: 2, step: 1) { b, p in
            let t = parts(b.time)
            return "\(t.y)-\(t.m)-\(t.d),\(t.hh):\(t.mm):\(t.ss),\(p(b.open)),\(p(b.high)),\(p(b.low)),\(p(b.close)),\(volume(b.volume))"
        },
        Layout(name: "Yahoo daily", header: "Date,Open,High,Low,Close,Adj Close,Volume", decimals: 6, step: 86_400) { b, p in
            let t = parts(b.time)
            return "\(t.y)-\(t.m)-\(t.d),\(p(b.open)),\(p(b.high)),\(p(b.low)),\(p(b.close)),\(p(b.close)),\(volume(b.volume))"
        },
        Layout(name: "ariva decimal comma", header: "Datum;Erster;Hoch;Tief;Schlusskurs;Stuecke;Volumen", decimals: 4,
               step: 86_400) { b, p in
            let t = parts(b.time)
            let prices = [b.open, b.high, b.low, b.close].map { p($0).replacingOccurrences(of: ".", with: ",") }
            return "\(t.d).\(t.m).\(t.y);" + prices.joined(separator: ";") + ";\(volume(b.volume));1,5"
        },
        Layout(name: "Unix seconds with header", header: "time,open,high,low,close,Volume", decimals: 3, step: 1) { b, p in
            "\(b.time),\(p(b.open)),\(p(b.high)),\(p(b.low)),\(p(b.close)),\(volume(b.volume))"
        },
    ]

    /// A random series: 20 to 300 bars a random step apart (a multiple of `step`) from a
    /// random time in 2001-2030, prices around a random magnitude.
    static func series(step: Int64, using rng: inout SplitMix64) -> [Bar] {
        let count = Int.random(in: 20...300, using: &rng)
        var t = Int64.random(in: 1_000_000_000...1_900_000_000, using: &rng) / step * step
        let gap = [Int64(1), 60, 3600, 86_400].randomElement(using: &rng)!
        let scale = [0.01, 1, 100, 40_000].randomElement(using: &rng)!
        var price = scale * Double.random(in: 1...10, using: &rng)
        var bars: [Bar] = []
        for _ in 0..<count {
            let open = price
            price = max(scale * 0.01, price * Double.random(in: 0.97...1.03, using: &rng))
            let high = max(open, price) * Double.random(in: 1...1.01, using: &rng)
            let low = min(open, price) * Double.random(in: 0.99...1, using: &rng)
            bars.append(Bar(time: t, open: open, high: high, low: low, close: price,
                            volume: Double(Int.random(in: 0...1_000_000, using: &rng))))
            t += max(step, gap / step * step) * Int64.random(in: 1...3, using: &rng)
        }
        return bars
    }

    @Test(arguments: layouts)
    func randomSeriesLoadBackEqual(_ layout: Layout) throws {
        var rng = SplitMix64(seed: UInt64(layout.name.utf8.reduce(23) { $0 &* 31 &+ Int($1) }.magnitude))
        for _ in 0..<20 {
            let bars = Self.series(step: layout.step, using: &rng)
            let printed: (Double) -> String = { String(format: "%.\(layout.decimals)f", $0) }
            let rows = bars.map { layout.row($0, printed) + layout.lineEnd }.joined()
            let text = (layout.header.map { $0 + layout.lineEnd } ?? "") + rows
            let loaded = try SeriesLoader.load(bytes: Array(text.utf8), fileName: "round.csv", options: LoadOptions(bars: .all))
            let back: (Double) -> Double = { Double(printed($0))! }
            #expect(loaded.report.badRows == 0, "\(loaded.report.summary ?? "")")
            #expect(loaded.series.times == bars.map(\.time))
            #expect(loaded.series.prices == bars.map { back($0.close) })
            let columns = try #require(loaded.bars)
            #expect(columns.open == bars.map { back($0.open) })
            #expect(columns.high == bars.map { back($0.high) })
            #expect(columns.low == bars.map { back($0.low) })
            if layout.name != "HistData" { #expect(columns.volume == bars.map(\.volume)) }
        }
    }
}
