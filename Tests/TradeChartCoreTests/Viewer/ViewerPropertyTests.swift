import Foundation
import Glibc
import Testing
@testable import TradeChartCore

/// Point 1 of issue 11: no series and no sequence of events traps the viewer. Random
/// series (denormals, zeros, negatives, ±1e308, equal prices, two points) are driven
/// through `handle` by random events (keys of the key map and others, clicks and drags
/// anywhere, resizes from 1x1 up, followed rows that grow or reload the series, sound,
/// notes, signals, time steps); every frame drawn on the way must have the size of the
/// terminal and no control character. Seeded: `VIEWER_PROPERTY_SEED=N` replays one case,
/// and a failure (or a trap, which kills the process) names the seed and the events.
@Suite("Viewer properties")
struct ViewerPropertyTests {
    static let cases = 10_000
    /// The cases run in this many parallel parts (the machine has two cores).
    static let parts = 2

    @Test(arguments: 0..<parts)
    func noSeriesAndNoEventsTrapAndEveryFrameFitsTheTerminal(part: Int) {
        PropertyCrashReport.install()
        let seeds: [UInt64]
        if let text = getenv("VIEWER_PROPERTY_SEED"), let one = UInt64(String(cString: text)) {
            seeds = part == 0 ? [one] : []
        } else {
            seeds = stride(from: part, to: Self.cases, by: Self.parts).map { 0x5EED_0000 + UInt64($0) }
        }
        var failures = 0
        for seed in seeds {
            if let problem = PropertyCase(seed: seed).run(part: part) {
                failures += 1
                Issue.record("seed \(seed): \(problem)")
                if failures >= 3 { break }
            }
        }
        PropertyCrashReport.running[part] = nil
    }
}

/// One random case: a series and a sequence of timed events, all from one seed.
struct PropertyCase {
    let seed: UInt64
    var series: PriceSeries
    var columns: Int
    var rows: Int
    var options: ViewerOptions
    var range: ChartRange?
    /// Other files compared with the series (none in most cases).
    var others: [PriceSeries]
    var steps: [(time: Double, event: ViewerEvent)]

    init(seed: UInt64) {
        self.seed = seed
        var rng = SplitMix64(seed: seed)
        series = PropertyCase.series(&rng)
        let size = PropertyCase.size(&rng)
        (columns, rows) = size
        let charsets = Charset.allCases
        options = ViewerOptions(charset: charsets[Int(rng.next() % UInt64(charsets.count))],
                                color: rng.next() % 2 == 0,
                                morphDuration: [0, 0.3, 1.2, 5][Int(rng.next() % 4)],
                                followed: rng.next() % 3 == 0 ? "quotes\u{1B}[31m.csv" : nil,
                                tones: rng.next() % 2 == 0, showsPanels: rng.next() % 4 != 0)
        range = rng.next() % 3 == 0 ? ChartRange.allCases.randomElement(using: &rng) : nil
        others = rng.next() % 5 == 0 ? (0..<(1 + Int(rng.next() % 2))).map { _ in PropertyCase.series(&rng) } : []
        var time = Double(rng.next() % 1000) / 10
        var steps: [(Double, ViewerEvent)] = []
        var current = series
        var compared = others
        for _ in 0..<(1 + Int(rng.next() % 10)) {
            time += PropertyCase.timeStep(&rng)
            if !compared.isEmpty && rng.next() % 6 == 0 {
                // A look at one of the compared files (or the first one, wherever it is).
                let k = Int(rng.next() % UInt64(compared.count))
                steps.append((time, .followFile(k + 1, PropertyCase.follow(&rng, series: &compared[k]))))
            } else {
                steps.append((time, PropertyCase.event(&rng, series: &current)))
            }
        }
        self.steps = steps
    }

    /// Runs the case (as part `part` of the test); nil when every frame was right, else what was wrong.
    func run(part: Int) -> String? {
        PropertyCrashReport.running[part] = self
        var state = ViewerState(series: series, range: range, options: options, columns: columns, rows: rows,
                                status: "opened \u{1B}]0;title\u{07}", others: others)
        if let problem = check(state.frame(at: 0), columns: columns, rows: rows, "the first frame") { return problem }
        var size = (columns, rows)
        for (n, step) in steps.enumerated() {
            PropertyCrashReport.steps[part] = n
            let before = state
            _ = state.handle(step.event, at: step.time)
            // What the screen-reader mode says of it.
            for line in Narration.lines(for: step.event, from: before, to: state) {
                if line.unicodeScalars.contains(where: { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) }) {
                    return "after event \(n): narration with a control character: \(line.debugDescription)\n" + description
                }
            }
            if case .resize(let c, let r) = step.event { size = (c, r) }
            // The frame when the event arrived, and now and then one a little later (a morph under way).
            for t in n % 4 == 3 ? [step.time, step.time + 0.37] : [step.time] {
                if let problem = check(state.frame(at: t), columns: size.0, rows: size.1, "after event \(n) at \(t)") {
                    return problem + "\n" + description
                }
            }
        }
        return nil
    }

    /// What is wrong with `frame`, nil when it has the terminal's size and no control character.
    func check(_ frame: Frame, columns: Int, rows: Int, _ when: String) -> String? {
        guard frame.width == columns, frame.height == rows else {
            return "\(when): a frame of \(frame.width)x\(frame.height) for a terminal of \(columns)x\(rows)"
        }
        if let bad = frame.cells.firstIndex(where: { $0.character.value < 0x20 || ($0.character.value >= 0x7F && $0.character.value < 0xA0) }) {
            return "\(when): control character U+\(String(frame.cells[bad].character.value, radix: 16)) at cell \(bad)"
        }
        return nil
    }

    /// The case in words: the series and the events, to replay it by hand.
    var description: String {
        var lines = ["series \(series.count) points, prices \(series.prices.prefix(40))\(series.count > 40 ? "…" : ""),"
                         + " times from \(series.times.first!) hasTimeOfDay \(series.hasTimeOfDay)",
                     "terminal \(columns)x\(rows), \(options), range \(range.map(\.label) ?? "default")",
                     "compared with \(others.map { "\($0.count) points, prices \($0.prices.prefix(20))" })"]
        for (n, step) in steps.enumerated() {
            lines.append("  \(n): at \(step.time) \(PropertyCase.describe(step.event))")
        }
        return lines.joined(separator: "\n")
    }

    static func describe(_ event: ViewerEvent) -> String {
        if case .follow(.updated(let loaded, let reloaded)) = event {
            let s = loaded.series
            return "follow(\(reloaded ? "reloaded" : "grown"): \(s.count) points, prices \(s.prices.prefix(40)))"
        }
        return "\(event)"
    }

    // MARK: - Generators

    /// Prices that have broken viewers: the smallest denormals, zeros of both signs,
    /// the largest finite magnitudes, and plain ones.
    static let extremes: [Double] = [
        tiny, -tiny, 0x1p-1030, -0x1p-1030, Double.leastNormalMagnitude, 0, -0.0, 1, -1, 0.5,
        1e308, -1e308, 1.7e308, -1.7e308, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e-300, 15_234.56,
    ]
    /// 5e-324, the smallest denormal.
    static let tiny = Double.leastNonzeroMagnitude

    static func unit(_ rng: inout SplitMix64) -> Double { Double(rng.next() >> 11) / Double(1 << 53) }

    static func price(_ rng: inout SplitMix64, kind: UInt64, previous: Double) -> Double {
        switch kind {
        case 0: return extremes[Int(rng.next() % UInt64(extremes.count))]
        case 1: return [0, tiny, 0x1p-1030, -tiny, tiny * 2024][Int(rng.next() % 5)]
        case 2: return [1.7e308, -1.7e308, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 0][Int(rng.next() % 5)]
        case 3: return previous
        default:
            let p = previous.isFinite && previous != 0 && abs(previous) < 1e300 ? previous : 100
            return p * (1 + (unit(&rng) - 0.5) * 0.1)
        }
    }

    static func series(_ rng: inout SplitMix64, count requested: Int? = nil, startTime: Int64? = nil) -> PriceSeries {
        let count = requested ?? (rng.next() % 4 == 0 ? 2 : 2 + Int(rng.next() % (rng.next() % 2 == 0 ? 20 : 400)))
        let kind = rng.next() % 6
        let intraday = rng.next() % 2 == 0
        var t = startTime ?? (Int64(rng.next() % 2_000_000_000) - 600_000_000)
        var times: [Int64] = [], prices: [Double] = []
        var p = extremes[Int(rng.next() % UInt64(extremes.count))]
        for _ in 0..<count {
            t += intraday ? 60 * Int64(1 + rng.next() % 90) : 86_400 * Int64(1 + rng.next() % 4)
            times.append(t)
            p = price(&rng, kind: kind == 5 ? rng.next() % 5 : kind, previous: p)
            prices.append(p)
        }
        return PriceSeries(name: rng.next() % 4 == 0 ? "日経平均" : "X", times: times, prices: prices,
                           hasTimeOfDay: intraday)
    }

    static func size(_ rng: inout SplitMix64) -> (Int, Int) {
        // Mostly small (frames cost time in a debug build), now and then large.
        switch rng.next() % 16 {
        case 0...4: return (1 + Int(rng.next() % 30), 1 + Int(rng.next() % 12))
        case 5: return (1 + Int(rng.next() % 300), 1 + Int(rng.next() % 90))
        default: return (24 + Int(rng.next() % 56), 8 + Int(rng.next() % 16))
        }
    }

    static func timeStep(_ rng: inout SplitMix64) -> Double {
        switch rng.next() % 4 {
        case 0: return 0
        case 1: return unit(&rng) * 0.05
        case 2: return unit(&rng) * 1.5
        default: return unit(&rng) * 10
        }
    }

    static let mappedKeys: [KeyPress] = KeyMap.bindings.flatMap { $0.keys.map(\.0) }
    static let otherKeys: [KeyPress] = [.up, .down, .enter, .tab, .backspace, .escape, .function(5), .character("x"),
                                        .character("\u{1B}"), .character("\u{7F}"), .character("\u{9B}"),
                                        .character("日"), .character(" ")]

    static func event(_ rng: inout SplitMix64, series: inout PriceSeries) -> ViewerEvent {
        switch rng.next() % 16 {
        case 0...5:
            return .key(mappedKeys[Int(rng.next() % UInt64(mappedKeys.count))])
        case 6:
            return .key(otherKeys[Int(rng.next() % UInt64(otherKeys.count))])
        case 7, 8:
            let actions: [MouseInput.Action] = [.press, .drag, .release, .wheelUp, .wheelDown]
            return .mouse(MouseInput(column: Int(rng.next() % 300) - 20, row: Int(rng.next() % 100) - 5,
                                     action: actions[Int(rng.next() % 5)]))
        case 9, 10:
            let (c, r) = size(&rng)
            return .resize(columns: c, rows: r)
        case 11, 12:
            return .follow(follow(&rng, series: &series))
        case 13:
            switch rng.next() % 3 {
            case 0: return .sound(.started(duration: [0, 0.1, 3, 1e9][Int(rng.next() % 4)], note: "Playing \u{1B}[2J"))
            case 1: return .sound(.notPlayed(note: "written to /tmp/\u{1B}[31mx.wav"))
            default: return .sound(.ended)
            }
        case 14:
            return .note("note \u{1B}[31mred\u{07}\n")
        default:
            return .interrupted(signal: [2, 15, 1][Int(rng.next() % 3)])
        }
    }

    /// A look at a followed file: rows appended, a reload with other rows, or nothing yet.
    static func follow(_ rng: inout SplitMix64, series: inout PriceSeries) -> FollowChange {
        switch rng.next() % 5 {
        case 0, 1:
            let more = PropertyCase.series(&rng, count: 1 + Int(rng.next() % 5), startTime: series.times.last!)
            series.times += more.times
            series.prices += more.prices
            return .updated(LoadedSeries(series: series, report: LoadReport()), reloaded: false)
        case 2:
            let start = series.times[Int(rng.next() % UInt64(series.count))] - 86_400
            var fresh = PropertyCase.series(&rng, startTime: start)
            fresh.name = series.name
            series = fresh
            return .updated(LoadedSeries(series: series, report: LoadReport()), reloaded: true)
        case 3:
            return .waiting("quotes.csv: waiting \u{1B}[5m")
        default:
            return rng.next() % 2 == 0 ? .problem("gone \u{1B}c") : .none
        }
    }
}

/// The cases being run (one slot for each part of the test, each written by its own
/// thread only), written out when the process traps: the test cannot report a trap
/// itself, it ends the process.
enum PropertyCrashReport {
    nonisolated(unsafe) static let running: UnsafeMutablePointer<PropertyCase?> = {
        let slots = UnsafeMutablePointer<PropertyCase?>.allocate(capacity: ViewerPropertyTests.parts)
        slots.initialize(repeating: nil, count: ViewerPropertyTests.parts)
        return slots
    }()
    nonisolated(unsafe) static let steps: UnsafeMutablePointer<Int> = {
        let slots = UnsafeMutablePointer<Int>.allocate(capacity: ViewerPropertyTests.parts)
        slots.initialize(repeating: 0, count: ViewerPropertyTests.parts)
        return slots
    }()
    nonisolated(unsafe) static var installed = false
    /// The handlers before ours (the runtime's backtracer): put back after the report, so
    /// the trapping instruction, run again, reaches them.
    nonisolated(unsafe) static var previous: [Int32: sigaction] = [:]
    static let lock = NSLock()

    static func install() {
        lock.lock()
        defer { lock.unlock() }
        guard !installed else { return }
        installed = true
        _ = running
        _ = steps
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            for part in 0..<ViewerPropertyTests.parts {
                guard let current = PropertyCrashReport.running[part] else { continue }
                let text = "\nViewer property case trapped (signal \(signal)), if not another part's: event "
                    + "\(PropertyCrashReport.steps[part]) of seed \(current.seed) (replay: VIEWER_PROPERTY_SEED=\(current.seed))\n"
                    + "\(current.description)\n"
                _ = text.withCString { write(2, $0, strlen($0)) }
            }
            if var before = PropertyCrashReport.previous[signal] { sigaction(signal, &before, nil) }
            else { Glibc.signal(signal, SIG_DFL) }
        }
        for signal in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE] {
            var before = sigaction()
            sigaction(signal, &action, &before)
            previous[signal] = before
        }
    }
}
