import Testing
import TradeChartApp
@testable import TradeChartCore
import TradeChartTestSupport

/// The real run loop on scripted events and times, with a display that records what
/// was drawn.
@Suite("Viewer loop")
struct ViewerLoopTests {
    static let series: PriceSeries = {
        // Two years of weekdays, a gentle zigzag.
        var prices: [Double] = []
        for i in 0..<520 { prices.append(100 + Double(i % 37) + Double(i) / 10) }
        var s = SampleSeries.daily(prices, name: "loop")
        var day: Int64 = SampleSeries.firstDay
        s.times = prices.indices.map { _ in
            defer { day += 86_400 }
            return day
        }
        return s
    }()

    struct Run {
        var display: RecordingDisplay
        var events: ScriptedEvents
        var recorder: RecordingService
        var status: Int32
        var loop: ViewerLoop
    }

    func run(_ script: [(Double, ViewerEvent)], range: ChartRange = .oneMonth, columns: Int = 80, rows: Int = 24,
             duration: Double = 1.2) -> Run {
        let clock = ManualClock(0)
        let display = RecordingDisplay(columns: columns, rows: rows, clock: clock)
        let events = ScriptedEvents(script, clock: clock)
        let recorder = RecordingService()
        let state = ViewerState(series: Self.series, range: range, options: ViewerOptions(morphDuration: duration),
                                columns: 10, rows: 10)
        let loop = ViewerLoop(state: state, display: display, events: events, clock: clock, services: [recorder])
        let status = loop.run()
        return Run(display: display, events: events, recorder: recorder, status: status, loop: loop)
    }

    func still(_ range: ChartRange, columns: Int = 80, rows: Int = 24) -> Frame {
        ViewerState(series: Self.series, range: range, options: ViewerOptions(), columns: columns, rows: rows).frame(at: 0)
    }

    @Test func theFirstFrameIsTheStillChartAtTheDisplaysSize() {
        let r = run([(1, .key(.character("q")))])
        #expect(r.status == 0)
        #expect(r.display.draws.count == 1)
        #expect(r.display.draws.first?.diff.clearsScreen == true)
        #expect(r.display.screen == still(.oneMonth))
        #expect(r.recorder.finished, "the services finish on the way out")
    }

    @Test func aMorphIsDrawnAtSixtyFramesASecondAndEndsOnItsStillFrame() {
        let r = run([(1, .key(.character("6"))), (10, .key(.character("q")))])
        let during = r.display.draws(in: 1...2.2)
        #expect(during.count >= 60 && during.count <= 75, "\(during.count) frames in 1.2 s")
        // Frames come one frame interval apart (the wait is in whole milliseconds).
        let gaps = zip(during, during.dropFirst()).map { $1.at - $0.at }
        #expect(gaps.allSatisfy { $0 <= 0.017 + 1e-9 }, "largest gap \(gaps.max() ?? 0)")
        // The last draw is the still 5Y chart, drawn once the morph was over.
        let last = r.display.draws.last!
        #expect(last.at >= 2.2 && last.at < 2.25)
        #expect(last.screen == still(.fiveYears))
        #expect(r.display.screen == still(.fiveYears))
    }

    @Test func nothingIsDrawnWhileIdleAndTheLoopWaitsForInput() {
        let r = run([(1, .key(.character("6"))), (30, .key(.character("q")))])
        #expect(r.display.draws(in: 2.3...29.9).isEmpty, "no frames while nothing moves")
        // After the landing frame the loop waits for input alone: no timeout, no CPU.
        let landed = r.display.draws.last!.at
        let idle = r.events.waits.filter { $0.at >= landed }
        #expect(idle == [ScriptedEvents.Wait(at: landed, timeoutMilliseconds: -1)])
    }

    @Test func aKeyThatChangesNothingOnScreenDrawsNothing() {
        let r = run([(1, .key(.end)), (2, .key(.end)), (3, .key(.character("q")))])
        #expect(r.display.draws(in: 1...1).count == 1)
        #expect(r.display.draws(in: 2...2).isEmpty, "the same cursor again changes no cell")
    }

    @Test func aResizeRedrawsWholeAtTheNewSize() {
        let clock = ManualClock(0)
        let display = RecordingDisplay(columns: 80, rows: 24, clock: clock)
        let events = ScriptedEvents([(1, .resize(columns: 60, rows: 18)), (2, .key(.character("q")))], clock: clock)
        let state = ViewerState(series: Self.series, range: .oneMonth, columns: 80, rows: 24)
        // The terminal changes size just before it says so.
        final class Resizer: HostService {
            let display: RecordingDisplay
            init(_ display: RecordingDisplay) { self.display = display }
            var nextTick: Double? { display.size.columns == 80 ? 0.99 : nil }
            func tick(at time: Double) -> [ViewerEvent] {
                display.size = (60, 18)
                return []
            }
        }
        let loop = ViewerLoop(state: state, display: display, events: events, clock: clock, services: [Resizer(display)])
        _ = loop.run()
        let redraw = display.draws(in: 1...1.5)
        #expect(redraw.count == 1)
        #expect(redraw.first?.diff.clearsScreen == true)
        #expect(display.screen == still(.oneMonth, columns: 60, rows: 18))
    }

    @Test func commandsReachTheServicesAndASignalEndsTheLoopWithItsStatus() {
        let r = run([(1, .key(.character("4"))), (1.5, .interrupted(signal: 15))])
        #expect(r.status == 143)
        let commands = r.recorder.commands.map(\.command)
        #expect(commands.first == .remember(RememberedView(range: "6M")))
        #expect(commands.suffix(2) == [.stopSound, .quit(status: 143)])
        #expect(r.recorder.finished)
        #expect(r.display.draws(in: 1.5...100).isEmpty, "nothing is drawn after the signal")
    }

    @Test func answersFromServicesGoBackToTheViewer() {
        final class FakeSound: HostService {
            func perform(_ command: ViewerCommand, at time: Double) -> [ViewerEvent] {
                guard case .playAudiograph = command else { return [] }
                return [.sound(.started(duration: 3, note: "Playing the audiograph with fake"))]
            }
        }
        let clock = ManualClock(0)
        let display = RecordingDisplay(columns: 80, rows: 24, clock: clock)
        let events = ScriptedEvents([(1, .key(.character("a"))), (5, .key(.character("q")))], clock: clock)
        let state = ViewerState(series: Self.series, range: .oneMonth, columns: 80, rows: 24)
        let loop = ViewerLoop(state: state, display: display, events: events, clock: clock, services: [FakeSound()])
        _ = loop.run()
        // The cursor follows the sound for 3 s: the loop wakes at the frame rate and draws
        // each time the sounding point moves on, with the status note.
        let playing = display.draws(in: 1...4)
        let points = Self.series.slice(.oneMonth).slice!.count
        #expect(playing.count >= points - 2, "\(playing.count) draws for \(points) points")
        let wakes = events.waits.filter { $0.at > 1.1 && $0.at < 3.9 }
        #expect(wakes.count > 150 && wakes.allSatisfy { $0.timeoutMilliseconds >= 0 && $0.timeoutMilliseconds <= 17 })
        #expect(playing.first?.screen.line(1).hasPrefix("Playing the audiograph with fake") == true)
        #expect(display.draws(in: 4.1...4.9).isEmpty)
    }

    /// The real sound service with a player that outlasts the sound: once the sound's
    /// three seconds are over, the status line no longer says it plays.
    @Test func theStatusLineStopsSayingItPlaysWhenTheSoundEnds() {
        let clock = ManualClock(0)
        let display = RecordingDisplay(columns: 80, rows: 24, clock: clock)
        let events = ScriptedEvents([(1, .key(.character("a"))), (6, .key(.character("q")))], clock: clock)
        let state = ViewerState(series: Self.series, range: .oneMonth, columns: 80, rows: 24)
        let sound = SoundService(player: .command("exec sleep 30"))
        let loop = ViewerLoop(state: state, display: display, events: events, clock: clock, services: [sound])
        _ = loop.run()
        let status = { (draw: RecordingDisplay.Draw) in draw.screen.line(state.layout.statusRow) }
        #expect(display.draws(in: 1...2).first.map(status)?.hasPrefix("Playing the audiograph with exec sleep 30") == true)
        let after = display.draws(in: 4...5.9)
        #expect(!after.isEmpty, "the end of the sound is drawn")
        #expect(after.allSatisfy { !status($0).contains("Playing") }, "\(after.map(status))")
    }

    /// Rows arriving while following go through the loop as any event does, and the
    /// series grows in place there too: the loop keeps no copy of the state from before
    /// an event (only a display that narrates changes needs one), so the prices stay in
    /// their buffer from row to row instead of being copied whole each time.
    @Test func followedRowsGrowTheSeriesInPlaceThroughTheLoop() {
        final class Rows: EventSource {
            weak var loop: ViewerLoop?
            var sent = 0
            var buffers: [UnsafeRawPointer?] = []
            func nextEvent(timeoutMilliseconds: Int, wakingFor wakers: [Int32]) -> ViewerEvent? {
                guard let loop else { return .interrupted(signal: 15) }
                buffers.append(loop.state.series.prices.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) })
                sent += 1
                guard sent <= 40 else { return .interrupted(signal: 15) }
                let last = loop.state.series
                let rows = NewRows(times: [last.times[last.count - 1] + 86_400], prices: [last.prices[last.count - 1] + 1],
                                   columnChanged: false, report: LoadReport(), reportBefore: LoadReport())
                return .follow(.appended(rows))
            }
        }
        let clock = ManualClock(0)
        let display = RecordingDisplay(columns: 80, rows: 24, clock: clock)
        let events = Rows()
        let state = ViewerState(series: Self.series, range: .oneMonth, options: ViewerOptions(morphDuration: 0, followed: "f.csv"),
                                columns: 80, rows: 24)
        let loop = ViewerLoop(state: state, display: display, events: events, clock: clock)
        events.loop = loop
        _ = loop.run()
        #expect(loop.state.series.count == Self.series.count + 40)
        // The first rows may move the prices to a larger buffer (and the loop's own first
        // state lets go of them); after that, rows fit in the capacity it grew to.
        let moves = zip(events.buffers.dropFirst(3), events.buffers.dropFirst(4)).filter { $0 != $1 }.count
        #expect(moves <= 2, "the prices moved to a new buffer \(moves) times in 37 rows: the series was copied")
    }
}
