import Foundation
import Testing
@testable import TradeChartCore

/// Reading the newest rows first, then the rest, gives exactly what reading front to back
/// gives: the same rows, report and layout, line numbers included. The newest rows read
/// first are the newest rows of the whole series, and files whose order the tail cannot
/// tell are read front to back.
@Suite("Loading the newest rows first")
struct TailFirstLoadTests {
    /// What a tail-first load of `bytes` gives: the tail (nil when the file is read front
    /// to back, with why) and the whole file after the rest is read in `parts` parts.
    static func tailFirst(_ bytes: [UInt8], name: String, block: Int, most: Int? = nil, parts: Int = 2,
                          options: LoadOptions = .init(), reach: ((Int64) -> Int64)? = nil, enough: (PriceSeries) -> Bool)
        -> (tail: LoadedSeries?, why: FrontToBack?, whole: Result<LoadedSeries, LoadError>?) {
        bytes.withUnsafeBytes { b in
            let source = MemoryBytes(b, name: name)
            let outcome: TailFirstLoad.Outcome
            do throws(LoadError) {
                outcome = try TailFirstLoad.readTail(source, options: options, firstBlock: block, most: most, splitBytes: block + 16,
                                                     reach: reach, enough: enough)
            } catch {
                return (nil, nil, .failure(error))
            }
            switch outcome {
            case .frontToBack(let why):
                return (nil, why, nil)
            case .tail(let tail):
                let whole = Result { () throws(LoadError) in
                    try TailFirstLoad.readRest(source, tail: tail, options: options, parts: parts, map: SerialMap(),
                                               pages: KeepPages())
                }
                return (tail.loaded, nil, whole)
            }
        }
    }

    static func frontToBack(_ bytes: [UInt8], name: String, options: LoadOptions = .init()) -> Result<LoadedSeries, LoadError> {
        Result { () throws(LoadError) in try SeriesLoader.load(bytes: bytes, fileName: name, options: options) }
    }

    /// Where two loads differ, in a few words (nil when they are equal): what a failure shows.
    static func difference(_ a: Result<LoadedSeries, LoadError>?, _ b: Result<LoadedSeries, LoadError>) -> String? {
        guard let a else { return nil }
        guard case .success(let x) = a, case .success(let y) = b else { return "\(a) against \(b)" }
        if x.report != y.report { return "reports \(x.report) against \(y.report)" }
        if x.series.times != y.series.times {
            let i = zip(x.series.times, y.series.times).enumerated().first { $1.0 != $1.1 }?.offset ?? min(x.series.count, y.series.count)
            return "times differ at \(i) of \(x.series.count) and \(y.series.count)"
        }
        if x.series.prices != y.series.prices { return "prices differ" }
        func bits(_ column: [Double]?) -> [UInt64]? { column?.map(\.bitPattern) }
        if let p = x.bars, let q = y.bars {
            // NaN (a gap) is not equal to itself: the columns are compared bit for bit.
            if p.count != q.count || bits(p.open) != bits(q.open) || bits(p.high) != bits(q.high) || bits(p.low) != bits(q.low)
                || bits(p.volume) != bits(q.volume) { return "bars differ" }
        } else if (x.bars == nil) != (y.bars == nil) {
            return "bars read in one load only"
        }
        if x.series.utcOffsets != y.series.utcOffsets { return "offsets differ" }
        if x.layout != y.layout || x.barNames != y.barNames || x.series.name != y.series.name
            || x.series.hasTimeOfDay != y.series.hasTimeOfDay { return "layouts '\(x.layout)' and '\(y.layout)', or names, differ" }
        return nil
    }

    /// Whether `tail` is the newest rows of `whole`: its last points, in the same order.
    static func isNewest(_ tail: PriceSeries, of whole: PriceSeries) -> Bool {
        guard tail.count <= whole.count else { return false }
        let skip = whole.count - tail.count
        return Array(whole.times.dropFirst(skip)) == tail.times && Array(whole.prices.dropFirst(skip)) == tail.prices
    }

    /// One random file: a layout the loader reads, oldest or newest first, with `null`
    /// and bad rows, repeated times, blank lines, CRLF or not, with or without a final line end.
    struct RandomFile {
        var bytes: [UInt8]
        var newestFirst: Bool
        var layout: Int
        var rows: Int
    }

    static let layouts = 9

    static func randomFile(_ rng: inout SplitMix64) -> RandomFile {
        let layout = Int(rng.next() % UInt64(layouts))
        let rows: Int = switch rng.next() % 8 {
        case 0: 0
        case 1: 1
        default: Int(rng.next() % 400)
        }
        let newestFirst = rng.next() % 4 == 0
        let crlf = rng.next() % 3 == 0
        let end = crlf ? "\r\n" : "\n"
        var time = 946_684_800 + Int(rng.next() % 100_000) * 60  // 2000-01-01 on
        var lines: [String] = []
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        for _ in 0..<rows {
            let daily = layout == 0 || layout == 2 || layout == 4 || layout == 5 || layout == 8
            // A repeated time now and then (the last row of a time is kept).
            if rng.next() % 40 != 0 { time += daily ? 86_400 * Int(1 + rng.next() % 3) : 60 * Int(1 + rng.next() % 90) }
            let date = CivilDate(dayNumber: Int64(time / 86_400))
            let iso = "\(date.year)-\(two(date.month))-\(two(date.day))"
            let clock = "\(two(time % 86_400 / 3600)):\(two(time % 3600 / 60))"
            let price = Double(rng.next() % 1_000_000) / 100 + 1
            let cents = String(format: "%.2f", price)
            var line: String
            switch layout {
            case 0: line = "\(iso),\(cents),\(cents),\(cents),\(cents),\(cents),\(rng.next() % 9000)"
            case 1: line = "\(iso) \(clock):00+01:00,\(cents)"
            case 2: line = "\(iso);\(cents.replacingOccurrences(of: ".", with: ","))"
            case 3: line = "\(iso.replacingOccurrences(of: "-", with: ".")),\(clock),\(cents),\(cents),\(cents),\(cents),\(rng.next() % 500)"
            case 4: line = "\(iso)\t\(cents)"
            case 5: line = "\(iso),\"\(Int(price) * 1000),\(String(cents.suffix(2)))\""
            case 6: line = "\(time),\(cents)"
            case 7: line = "\(date.month)/\(date.day)/\(date.year) \(clock),\(cents)"
            default:
                let note = rng.next() % 15 == 0 ? "\"a note\(end)on two lines\"" : "n"
                line = "\(iso),\(cents),\(note)"
            }
            switch rng.next() % 30 {
            case 0: line = layout == 0 ? "\(iso),null,null,null,null,null,null" : line.replacingOccurrences(of: cents, with: "null")
            case 1: line = layout == 2 ? "\(iso);abc" : "\(iso),abc"
            case 2: lines.append("")
            default: break
            }
            lines.append(line)
        }
        if newestFirst { lines.reverse() }
        let header: String? = switch layout {
        case 0: "Date,Open,High,Low,Close,Adj Close,Volume"
        case 1: "Datetime,Close"
        case 2: "Datum;Schlusskurs"
        case 4: "Date\tClose"
        case 5: "Date,Price"
        case 7: "Date,Close"
        case 8: "Date,Close,Note"
        default: nil
        }
        var text = ((header.map { [$0] } ?? []) + lines).joined(separator: end)
        if rng.next() % 3 != 0 { text += end }
        return RandomFile(bytes: Array(text.utf8), newestFirst: newestFirst, layout: layout, rows: rows)
    }

    /// What the first frame may need: a number of rows, or a range with its reference.
    /// With the reach that sizes the blocks after the first, for a need by time.
    static func randomNeed(_ rng: inout SplitMix64, rows fileRows: Int) -> Need {
        switch rng.next() % 3 {
        case 0:
            let rows = Int(rng.next() % UInt64(max(1, fileRows)))
            return Need(enough: { $0.count >= rows }, reach: nil)
        case 1:
            let range = ChartRange.allCases[Int(rng.next() % UInt64(ChartRange.allCases.count))]
            let need = FirstFrameNeed(range: range)
            return Need(enough: need.isMet, reach: { need.reach(newest: $0) })
        default:
            let opening = FirstFrameNeed()
            let reach: ((Int64) -> Int64)? = rng.next() % 2 == 0 ? { opening.reach(newest: $0) } : nil
            return Need(enough: opening.isMet, reach: reach)
        }
    }

    struct Need {
        var enough: (PriceSeries) -> Bool
        var reach: ((Int64) -> Int64)?
    }

    @Test func randomFilesLoadTheSameNewestRowsFirstAsFrontToBack() {
        var rng = SplitMix64(seed: 24)
        var tailFirst = 0, partly = 0
        var reasons: [FrontToBack: Int] = [:]
        for n in 0..<3000 {
            let file = Self.randomFile(&rng)
            let whole = Self.frontToBack(file.bytes, name: "r.csv")
            let block = 8 + Int(rng.next() % 400)
            let parts = 1 + Int(rng.next() % 3)
            // Small files: the newest rows read may be all rows but the first.
            let need = Self.randomNeed(&rng, rows: file.rows)
            let read = Self.tailFirst(file.bytes, name: "r.csv", block: block, most: .max, parts: parts, reach: need.reach,
                                      enough: need.enough)
            let what = "file \(n), layout \(file.layout), \(file.rows) rows, block \(block), \(parts) parts"
            if let why = read.why {
                reasons[why, default: 0] += 1
                continue
            }
            #expect(Self.difference(read.whole, whole) == nil, "\(what)")
            guard let tail = read.tail, case .success(let all) = whole else { continue }
            tailFirst += 1
            if tail.series.count < all.series.count { partly += 1 }
            #expect(!file.newestFirst || file.rows < 3, "\(what): a newest-first file read as its newest rows")
            #expect(Self.isNewest(tail.series, of: all.series), "\(what): the tail is not the newest rows")
        }
        // Most files were read newest rows first, most of them really in two steps; the
        // others fell back for a reason a file of theirs has.
        #expect(tailFirst > 550, "\(tailFirst) tail-first loads; \(reasons)")
        #expect(partly > 500, "\(partly) loads whose tail was part of the file")
        #expect(reasons[.newestFirst, default: 0] > 50, "\(reasons)")
        #expect(reasons[.columnWideTimes, default: 0] > 50, "\(reasons)")
    }

    /// The bundled exports and the exchange layouts, read newest rows first in small
    /// blocks: the same as front to back, with and without the open, high, low and volume.
    @Test func realExportsLoadTheSameNewestRowsFirst() throws {
        let real = RealFilesTests.cases.map { RealFilesTests.dataDirectory + "/" + $0.file }
        let layouts = ExportLayoutTests.cases.map { ExportLayoutTests.path($0.file) }
        var tailFirst = 0
        for path in real + layouts {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            for options in [LoadOptions(), LoadOptions(bars: .all)] {
                let whole = Self.frontToBack(bytes, name: "f.csv", options: options)
                for block in [64, 1000, bytes.count / 7 + 1] {
                    let read = Self.tailFirst(bytes, name: "f.csv", block: block, most: .max, options: options,
                                              enough: FirstFrameNeed().isMet)
                    guard read.why == nil else { continue }
                    tailFirst += 1
                    #expect(Self.difference(read.whole, whole) == nil, "\(path), block \(block)")
                    if let tail = read.tail, case .success(let all) = whole {
                        #expect(Self.isNewest(tail.series, of: all.series), "\(path), block \(block)")
                    }
                }
            }
        }
        #expect(tailFirst >= 12, "\(tailFirst) tail-first loads")
    }

    /// `2017-07-14 09:10:00` for Unix seconds.
    static func isoMinute(_ time: Int) -> String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let date = CivilDate(dayNumber: Int64(time / 86_400))
        return "\(date.year)-\(two(date.month))-\(two(date.day)) \(two(time % 86_400 / 3600)):\(two(time % 3600 / 60)):00"
    }

    /// The opening range of the newest rows read is the whole file's, with its reference.
    @Test func theNewestRowsReadHoldTheOpeningRange() throws {
        var text = "Datetime,Close\n"
        var time = 1_500_000_000
        for k in 0..<20_000 {
            time += 3600 + (k % 7) * 600
            text += Self.isoMinute(time) + ",\(k % 977)\n"
        }
        let bytes = Array(text.utf8)
        let whole = try Self.frontToBack(bytes, name: "m.csv").get()
        for range: ChartRange? in [nil, .oneDay, .oneMonth, .oneYear] {
            let need = FirstFrameNeed(range: range)
            let read = Self.tailFirst(bytes, name: "m.csv", block: 4096, reach: { need.reach(newest: $0) }, enough: need.isMet)
            let tail = try #require(read.tail, "\(String(describing: range)): \(String(describing: read.why)), \(whole.series.count)")
            #expect(tail.series.count < whole.series.count / 2)
            let shown = range ?? whole.series.defaultRange()!
            let inTail = try #require(tail.series.slice(shown).slice), inWhole = try #require(whole.series.slice(shown).slice)
            let skipped = whole.series.count - tail.series.count
            #expect(inTail.first + skipped == inWhole.first && inTail.count == inWhole.count)
            #expect(tail.series.prices[inTail.reference] == whole.series.prices[inWhole.reference])
            #expect(tail.series.defaultRange() == whole.series.defaultRange())
        }
        // All of it is not read newest first.
        #expect(Self.tailFirst(bytes, name: "m.csv", block: 4096, enough: FirstFrameNeed(range: .max).isMet).why == .mostRowsNeeded)
    }
}
