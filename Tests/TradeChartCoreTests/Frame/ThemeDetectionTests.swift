import Testing
@testable import TradeChartCore

/// `--theme auto`: the terminal's background colour decides, then COLORFGBG, then dark.
@Suite("Theme detection")
struct ThemeDetectionTests {
    static func reply(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func theBackgroundReplyDecides() {
        #expect(Theme.fromBackgroundReply(Self.reply("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\")) == .light)
        #expect(Theme.fromBackgroundReply(Self.reply("\u{1B}]11;rgb:f0f0/f0f0/f0f0\u{07}\u{1B}[?1;2c")) == .light)
        #expect(Theme.fromBackgroundReply(Self.reply("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\")) == .dark)
        #expect(Theme.fromBackgroundReply(Self.reply("\u{1B}]11;rgb:28/2c/34\u{07}")) == .dark, "two digits a component")
        #expect(Theme.fromBackgroundReply(Self.reply("\u{1B}]11;rgb:f/f/e\u{07}")) == .light, "one digit")
        #expect(Theme.fromBackgroundReply(Self.reply("\u{1B}]11;rgba:fdf6/e3e3/0000/ffff\u{07}")) == .light)
        // Solarized light's base3 is light; its dark base03 is dark; pure blue is dark.
        #expect(Theme.fromBackgroundReply(Self.reply("\u{1B}]11;rgb:fd/f6/e3\u{07}")) == .light)
        #expect(Theme.fromBackgroundReply(Self.reply("\u{1B}]11;rgb:00/2b/36\u{07}")) == .dark)
        #expect(Theme.fromBackgroundReply(Self.reply("\u{1B}]11;rgb:00/00/ff\u{07}")) == .dark)
    }

    @Test func anythingElseIsNoAnswer() {
        for text in ["", "\u{1B}[?1;2c", "\u{1B}]11;rgb:ffff/ffff\u{07}", "\u{1B}]11;rgb:ffff/ffff/ffff",
                     "\u{1B}]11;#ffffff\u{07}", "\u{1B}]11;rgb:fffff/0/0\u{07}", "\u{1B}]10;rgb:ffff/ffff/ffff\u{07}"] {
            #expect(Theme.fromBackgroundReply(Self.reply(text)) == nil, "\(text.debugDescription)")
        }
    }

    @Test func colorFGBGNamesTheBackgroundsPaletteColour() {
        #expect(Theme.fromColorFGBG("0;15") == .light)
        #expect(Theme.fromColorFGBG("0;7") == .light)
        #expect(Theme.fromColorFGBG("15;0") == .dark)
        #expect(Theme.fromColorFGBG("default;default;0") == .dark)
        #expect(Theme.fromColorFGBG("12;8") == .dark)
        #expect(Theme.fromColorFGBG("default;default") == nil)
        #expect(Theme.fromColorFGBG("") == nil)
    }

    @Test func theReplyComesFirstThenColorFGBGThenDark() {
        let light = Self.reply("\u{1B}]11;rgb:ffff/ffff/ffff\u{07}")
        #expect(Theme.detected(backgroundReply: light, colorFGBG: "15;0") == .light)
        #expect(Theme.detected(backgroundReply: Self.reply("\u{1B}[?62c"), colorFGBG: "0;15") == .light)
        #expect(Theme.detected(backgroundReply: nil, colorFGBG: nil) == .dark)
        #expect(Theme.detected(backgroundReply: nil, colorFGBG: "default") == .dark)
    }
}
