import Testing
@testable import TradeChartCore

/// `--graphics auto`: what the terminal's answers choose.
@Suite("Graphics mode")
struct GraphicsModeTests {
    func reply(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func answersChooseKittyThenSixelElseBraille() {
        let kitty = reply("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;22c")
        #expect(GraphicsMode.detected(term: "xterm-kitty", multiplexed: false, reply: kitty) == .kitty)
        let vt340 = reply("\u{1B}[6;13;6t\u{1B}[?63;1;2;4;6;9;15;16;22;28c")
        #expect(GraphicsMode.detected(term: "xterm", multiplexed: false, reply: vt340) == .sixel)
        // Attribute 4 only, not 42 or 14.
        let noSixel = reply("\u{1B}[?64;14;42c")
        #expect(GraphicsMode.detected(term: "xterm-256color", multiplexed: false, reply: noSixel) == .braille)
        #expect(GraphicsMode.detected(term: "xterm-256color", multiplexed: false, reply: nil) == .braille)
    }

    @Test func multiplexersAndPlainTerminalsKeepBraille() {
        let vt340 = reply("\u{1B}[?63;4c")
        #expect(GraphicsMode.detected(term: "xterm", multiplexed: true, reply: vt340) == .braille)
        for term in ["linux", "vt100", "screen-256color", "tmux-256color", ""] {
            #expect(GraphicsMode.detected(term: term, multiplexed: false, reply: vt340) == .braille, "\(term)")
        }
    }

    @Test func serialLinesAreTold() {
        for device in ["/dev/ttyS0", "/dev/ttyUSB1", "/dev/ttyACM0", "/dev/ttyAMA0"] { #expect(GraphicsMode.isSerialLine(device)) }
        for device in ["/dev/pts/3", "/dev/tty1", "/dev/tty"] { #expect(!GraphicsMode.isSerialLine(device)) }
        #expect(GraphicsMode.whyNoImages(term: "xterm", multiplexed: false, serialLine: true) == "over a serial line")
        #expect(GraphicsMode.whyNoImages(term: "xterm", multiplexed: false) == nil)
    }

    @Test func cellSizeFromTheAnswer() {
        #expect(GraphicsMode.cellSize(in: reply("\u{1B}[6;13;6t\u{1B}[?63;4c")) == PixelCellSize(width: 6, height: 13))
        #expect(GraphicsMode.cellSize(in: reply("\u{1B}[?63;4c")) == nil)
    }
}
