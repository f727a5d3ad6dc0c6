import Foundation
import Testing

/// `--theme auto` (the default) in a real terminal: tmux answers the background-colour
/// question (OSC 11) with its window style's colour; without one it answers only the
/// device attributes, and COLORFGBG or dark decides.
@Suite("Theme in tmux", .serialized)
struct ThemeTests {
    static let bin = TmuxSession.binary
    /// `swift test` sets NO_COLOR=1 for what it runs; these sessions need colour.
    static let colour = ["NO_COLOR": ""]

    /// The colour code of the active range in the range bar: 34 (blue) in the light
    /// theme, 36 (cyan) in the dark one.
    static func accent(_ t: TmuxSession) throws -> String {
        try t.waitForScreen(timeout: 5, "the range bar") { $0.contains("[1Y]") }
        let colored = try t.capture(colors: true).components(separatedBy: "\n").first { $0.contains("[1Y]") } ?? ""
        let codes = ["34", "36"].filter { colored.contains("[\($0)m[1Y]") || colored.contains(";\($0)m[1Y]") }
        return codes.first ?? colored.debugDescription
    }

    @Test(arguments: [("bg=#f4f4f4", "34"), ("bg=#1c1c1c", "36")])
    func theTerminalsBackgroundPicksTheTheme(style: String, expected: String) throws {
        let t = try TmuxSession("\(Self.bin) Data/dax.csv", width: 100, height: 30, environment: Self.colour,
                                options: [["window-style", style]])
        let code = try Self.accent(t)
        #expect(code == expected, "window-style \(style): \(code)")
        try t.send("q")
        #expect(try t.waitForExit() == 0)
    }

    @Test(arguments: [("0;15", "34"), ("15;0", "36"), ("", "36")])
    func withoutAnAnswerColorFGBGDecidesElseDark(colorFGBG: String, expected: String) throws {
        var environment = Self.colour
        if !colorFGBG.isEmpty { environment["COLORFGBG"] = colorFGBG }
        let t = try TmuxSession("\(Self.bin) Data/dax.csv", width: 100, height: 30, environment: environment)
        let code = try Self.accent(t)
        #expect(code == expected, "COLORFGBG=\(colorFGBG): \(code)")
        try t.send("q")
        #expect(try t.waitForExit() == 0)
    }

    @Test func aThemeGivenByHandWins() throws {
        let t = try TmuxSession("\(Self.bin) --theme dark Data/dax.csv", width: 100, height: 30, environment: Self.colour,
                                options: [["window-style", "bg=#ffffff"]])
        let code = try Self.accent(t)
        #expect(code == "36", "\(code)")
        try t.send("q")
        #expect(try t.waitForExit() == 0)
    }
}
