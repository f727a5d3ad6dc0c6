import Foundation
import Testing

/// Zooming, panning and measuring as a person does it, in tmux, checked against the
/// bundled DAX file read here on its own.
@Suite("Windows and measuring in tmux", .serialized)
struct WindowSessionTests {
    static let bin = TmuxSession.binary

    /// `2019-02-15` for the `Fri 15 Feb 2019` at the end of a header, nil without one.
    static func isoDate(in header: String) -> String? {
        let words = header.split(separator: " ").suffix(3).map(String.init)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard words.count == 3, let day = Int(words[0]), let month = months.firstIndex(of: words[1]), let year = Int(words[2])
        else { return nil }
        return String(format: "%04d-%02d-%02d", year, month + 1, day)
    }

    /// The header line of a screen.
    static func header(_ screen: String) -> String { screen.components(separatedBy: "\n").first ?? "" }

    @Test func zoomPanAndMeasure() throws {
        let closes = ViewerSessionTests.daxCloses
        let t = try TmuxSession("\(Self.bin) --duration 0 --range 1Y Data/dax.csv", width: 120, height: 30)
        try t.waitFor("[1Y]")
        // Zoom in twice: a quarter of the year, still ending on 13 May 2019, no range highlighted.
        try t.send("[")
        try t.send("[")
        var screen = try t.waitForScreen(timeout: 5, "a quarter of the year ending on 13 May 2019") {
            Self.header($0).hasSuffix(" Feb 2019 – 13 May 2019") && !$0.contains("[1Y]")
        }
        let bar = screen.components(separatedBy: "\n").last { !$0.isEmpty }!
        #expect(!bar.prefix(32).contains("["), "no fixed range is active: \(bar)")
        // Pan back a quarter: the window ends earlier.
        try t.send("<")
        screen = try t.waitForScreen(timeout: 5, "the window moved back") { !Self.header($0).hasSuffix("– 13 May 2019") }
        // Home, mark, ten points on: the header measures from the mark.
        try t.send("Home")
        let home = Self.header(try t.waitForScreen(timeout: 5, "the cursor's date") { !Self.header($0).contains("–") && Self.isoDate(in: Self.header($0)) != nil })
        let homeDate = try #require(closes.firstIndex { $0.date == Self.isoDate(in: home) })
        #expect(home.contains(ViewerSessionTests.grouped(closes[homeDate].close)))
        try t.send("Space")
        try t.waitFor("Marked")
        for _ in 0..<10 { try t.send("Right") }
        let target = closes[homeDate + 10]
        screen = try t.waitFor(ViewerSessionTests.grouped(target.close))
        let change = target.close - closes[homeDate].close
        #expect(Self.header(screen).contains(ViewerSessionTests.grouped(abs(change))), "\(Self.header(screen))")
        #expect(Self.header(screen).contains("10 bars"))
        // Esc clears the mark: the change is measured from the previous close again.
        try t.send("Escape")
        try t.waitForScreen(timeout: 5, "the mark cleared") { !Self.header($0).contains("10 bars") }
        // 0 shows all the data; 3 goes back to a fixed range.
        try t.send("0")
        try t.waitFor("[MAX]")
        try t.send("3")
        try t.waitFor("[1M]")
        try t.send("q")
        #expect(try t.waitForExit() == 0)
    }

    @Test func theWindowAndTheAxisAreRemembered() throws {
        let state = NSTemporaryDirectory() + "tradechart-window-state-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: state) }
        let t = try TmuxSession("\(Self.bin) --duration 0 --range 1Y Data/dax.csv", width: 120, height: 30,
                                environment: ["XDG_STATE_HOME": state])
        try t.waitFor("[1Y]")
        try t.send("[")
        try t.send("m")
        let zoomed = try t.waitFor("MA20")
        try t.send("q")
        #expect(try t.waitForExit() == 0)
        let again = try TmuxSession("\(Self.bin) --duration 0 Data/dax.csv", width: 120, height: 30,
                                    environment: ["XDG_STATE_HOME": state])
        let reopened = try again.waitFor("MA20")
        #expect(Self.header(reopened).suffix(30) == Self.header(zoomed).suffix(30), "the same window")
        try again.send("q")
        #expect(try again.waitForExit() == 0)
    }
}
