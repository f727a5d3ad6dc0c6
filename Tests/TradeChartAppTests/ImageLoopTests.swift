import Testing
import TradeChartApp
@testable import TradeChartCore

/// A display that lays images over its text: it records each image write (when, how many
/// bytes, the area it covers) and, to stand for a slow terminal, may take time for each.
final class ImageRecordingDisplay: Display {
    struct Image {
        var at: Double
        var bytes: Int
        var area: CellArea?
    }

    let text: RecordingDisplay
    private let clock: ManualClock
    /// Seconds each image write takes (the terminal taking the bytes).
    private let writeSeconds: Double
    private(set) var images: [Image] = []

    init(columns: Int, rows: Int, clock: ManualClock, writeSeconds: Double = 0) {
        text = RecordingDisplay(columns: columns, rows: rows, clock: clock)
        self.clock = clock
        self.writeSeconds = writeSeconds
    }

    var size: (columns: Int, rows: Int) { text.size }
    func draw(_ diff: FrameDiff) { text.draw(diff) }
    var imageCell: PixelCellSize? { PixelCellSize(width: 6, height: 12) }
    func drawImage(_ bytes: [UInt8], covering area: CellArea?) {
        images.append(Image(at: clock.time, bytes: bytes.count, area: area))
        clock.time += writeSeconds
    }

    /// The writes that drew a picture (not only took one away), in a span of time.
    func pictures(in times: ClosedRange<Double>) -> [Image] { images.filter { $0.area != nil && times.contains($0.at) } }
}

/// The run loop with a display that shows images: the image goes out with the frames but
/// at most 30 a second, fewer when the terminal is slow to take them, always once more on
/// the still frame a morph lands on, never while idle; a panel (text) takes it away.
@Suite("Image loop")
struct ImageLoopTests {
    func run(_ script: [(Double, ViewerEvent)], writeSeconds: Double = 0, graphics: GraphicsMode = .sixel)
        -> (display: ImageRecordingDisplay, events: ScriptedEvents) {
        let clock = ManualClock(0)
        let display = ImageRecordingDisplay(columns: 80, rows: 24, clock: clock, writeSeconds: writeSeconds)
        let events = ScriptedEvents(script, clock: clock)
        let options = ViewerOptions(morphDuration: 1.2, graphics: PlotGraphics(mode: graphics, choices: [graphics], why: "test"))
        let state = ViewerState(series: ViewerLoopTests.series, range: .oneMonth, options: options, columns: 10, rows: 10)
        _ = ViewerLoop(state: state, display: display, events: events, clock: clock).run()
        return (display, events)
    }

    @Test func aMorphSendsAtMostThirtyImagesASecondAndLandsOnItsStillImage() throws {
        let r = run([(1, .key(.character("6"))), (10, .key(.character("q")))])
        #expect(r.display.pictures(in: 0...0.5).count == 1, "the first frame's image")
        let during = r.display.pictures(in: 1...2.25)
        #expect(during.count >= 30 && during.count <= 39, "\(during.count) images in a morph of 1.2 s")
        for (a, b) in zip(during, during.dropFirst()) { #expect(b.at - a.at >= 1.0 / 30 - 0.003, "\(a.at) to \(b.at)") }
        let frames = r.events.waits.filter { (1...2.25).contains($0.at) }.count
        #expect(frames >= 70, "the frames keep their own pace, 60 a second: \(frames)")
        let last = try #require(during.last)
        #expect(last.at >= 2.2, "the still frame the morph lands on has its image")
        #expect(r.display.pictures(in: 2.3...9.9).isEmpty, "nothing moves: no image")
        #expect(r.events.waits.filter { $0.at > 2.3 && $0.at < 9.9 }.allSatisfy { $0.timeoutMilliseconds == -1 },
                "idle: the loop waits for input")
    }

    @Test func aSlowTerminalGetsFewerImages() {
        // Each image takes the terminal 100 ms: the next waits as long again.
        let r = run([(1, .key(.character("6"))), (10, .key(.character("q")))], writeSeconds: 0.1)
        let during = r.display.pictures(in: 1...2.5)
        #expect(during.count >= 4 && during.count <= 8, "\(during.count) images")
        for (a, b) in zip(during, during.dropFirst()) { #expect(b.at - a.at >= 0.2 - 0.003, "\(a.at) to \(b.at)") }
        #expect(r.display.pictures(in: 2.2...9.9).count >= 1, "the still image comes all the same")
    }

    @Test func aPanelTakesTheImageAwayAndTheScreenIsDrawnAgainWhole() throws {
        let r = run([(1, .key(.character("?"))), (2, .key(.escape)), (3, .key(.character("q")))])
        let away = try #require(r.display.images.first { $0.area == nil })
        #expect(away.at >= 1 && away.at < 1.1)
        let redraw = try #require(r.display.text.draws(in: 1...1.1).first)
        #expect(redraw.diff.clearsScreen, "a sixel image goes only with the text drawn again over it")
        #expect(r.display.pictures(in: 1...1.9).isEmpty, "no image over the help")
        #expect(r.display.pictures(in: 2...2.1).count == 1, "the image is back when the help closes")
    }

    @Test func aKittyImageIsTakenAwayWithoutRedrawingTheScreen() throws {
        let r = run([(1, .key(.character("?"))), (2, .key(.escape)), (3, .key(.character("q")))], graphics: .kitty)
        let away = try #require(r.display.images.first { $0.area == nil })
        #expect(away.bytes > 0, "the kitty image is deleted")
        #expect(r.display.text.draws(in: 1...1.1).allSatisfy { !$0.diff.clearsScreen })
        #expect(r.display.pictures(in: 2...2.1).count == 1)
        let last = try #require(r.display.images.last)
        #expect(last.area == nil && last.bytes > 0 && last.at >= 3, "deleted on the way out as well")
    }
}
